from django.contrib import admin
from django.http import HttpRequest

from teams.models import Player, Team, TreasuryEntry

PLAYER_FIELDS = ("number", "name", "position", "status", "spp", "miss_next_game")


class PlayerInline(admin.TabularInline):
    model = Player
    extra = 0
    fields = PLAYER_FIELDS
    readonly_fields = PLAYER_FIELDS


@admin.register(Team)
class TeamAdmin(admin.ModelAdmin):
    list_display = ["name", "race", "league", "coach", "status", "team_value", "treasury"]
    list_filter = ["league", "status"]
    # Money and value move only through services (the ledger), never by hand in the admin.
    readonly_fields = ["treasury", "team_value"]
    inlines = [PlayerInline]


@admin.register(TreasuryEntry)
class TreasuryEntryAdmin(admin.ModelAdmin):
    list_display = ["team", "kind", "amount", "key", "created_at"]
    list_filter = ["kind"]

    def has_change_permission(self, request: HttpRequest, obj: TreasuryEntry | None = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: TreasuryEntry | None = None) -> bool:
        return False
