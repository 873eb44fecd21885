# Match.content_fingerprint (issue 8): filled for the matches that already have a result, with the
# same function the services use, so a report imported again is recognised whatever its age.

from django.db import migrations, models


def fill_fingerprints(apps, schema_editor):
    from matches.fingerprint import match_fingerprint

    Match = apps.get_model("matches", "Match")
    for match in Match.objects.filter(home_score__isnull=False, away_score__isnull=False).iterator():
        Match.objects.filter(pk=match.pk).update(content_fingerprint=match_fingerprint(match))


class Migration(migrations.Migration):
    dependencies = [
        ("matches", "0003_result_disputes_and_uncredited_touchdowns"),
    ]

    operations = [
        migrations.AddField(
            model_name="match",
            name="content_fingerprint",
            field=models.CharField(blank=True, db_index=True, editable=False, max_length=64),
        ),
        migrations.RunPython(fill_fingerprints, migrations.RunPython.noop),
    ]
