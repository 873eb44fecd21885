# Petty cash declared side by side (issue 8). Matches whose pre-match is already recorded count as
# declared: their amounts were recorded with it.

from django.db import migrations, models


def mark_recorded(apps, schema_editor):
    Match = apps.get_model("matches", "Match")
    Match.objects.exclude(status="scheduled").update(home_petty_cash_declared=True, away_petty_cash_declared=True)


class Migration(migrations.Migration):
    dependencies = [
        ("matches", "0004_match_content_fingerprint"),
    ]

    operations = [
        migrations.AddField(
            model_name="match",
            name="away_petty_cash_declared",
            field=models.BooleanField(default=False, verbose_name="away petty cash declared"),
        ),
        migrations.AddField(
            model_name="match",
            name="home_petty_cash_declared",
            field=models.BooleanField(default=False, verbose_name="home petty cash declared"),
        ),
        migrations.RunPython(mark_recorded, migrations.RunPython.noop),
    ]
