from typing import Any

from django.core.management.base import BaseCommand

from league.tooling.demo import DEMO_PASSWORD, load_demo
from league.tooling.demo_rulesets import load_ruleset_demos


class Command(BaseCommand):
    help = "Create the demo league (five legal teams) and a demo league per other ruleset, unless they exist."

    def handle(self, *args: Any, **options: Any) -> None:
        league = load_demo(stdout=self.stdout)
        others = load_ruleset_demos(stdout=self.stdout)
        self.stdout.write(
            self.style.SUCCESS(
                f"Demo league “{league.name}” ready: {league.teams.count()} teams, and {len(others)} more "
                f"leagues, one per other ruleset. "
                f"Log in as commissioner, alice, bob, carol, dave or erin (password {DEMO_PASSWORD})."
            )
        )
