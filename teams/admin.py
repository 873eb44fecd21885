from django.contrib import admin

from teams.models import Player, Team, TreasuryEntry


class PlayerInline(admin.TabularInline):
    model = Player
    extra = 0
    fields = ["number", "name", "position", "status", "spp", "miss_next_game"]
    readonly_fields = fields


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

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False
