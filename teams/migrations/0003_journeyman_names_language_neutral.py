"""Journeymen named by the server in the language of whoever confirmed a match ("Journeyman 8",
"Journalier 8") get no stored name: Player.display_name words it for each reader (issue 8)."""

from django.db import migrations

GENERATED = ("Journeyman {}", "Journalier {}")


def forwards(apps, schema_editor):
    Player = apps.get_model("teams", "Player")
    candidates = Player.objects.filter(name__regex=r"^(Journeyman|Journalier) [0-9]+$").only("pk", "name", "number")
    blank = [p.pk for p in candidates if p.name in {pattern.format(p.number) for pattern in GENERATED}]
    Player.objects.filter(pk__in=blank).update(name="")


def backwards(apps, schema_editor):
    Player = apps.get_model("teams", "Player")
    for player in Player.objects.filter(name="").only("pk", "number"):
        Player.objects.filter(pk=player.pk).update(name=GENERATED[0].format(player.number))


class Migration(migrations.Migration):
    dependencies = [("teams", "0002_advancement_match_injury_match_treasuryentry_match_and_more")]

    operations = [migrations.RunPython(forwards, backwards)]
