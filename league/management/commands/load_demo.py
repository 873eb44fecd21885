from typing import Any

from django.core.management.base import BaseCommand

from league.tooling.demo import DEMO_PASSWORD, load_demo


class Command(BaseCommand):
    help = "Create the demo league (five legal teams) unless it already exists."

    def handle(self, *args: Any, **options: Any) -> None:
        league = load_demo(stdout=self.stdout)
        self.stdout.write(
            self.style.SUCCESS(
                f"Demo league “{league.name}” ready: {league.teams.count()} teams. "
                f"Log in as commissioner, alice, bob, carol, dave or erin (password {DEMO_PASSWORD})."
            )
        )
