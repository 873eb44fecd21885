from django.contrib import admin

from league.core.models import HouseRule, League, Membership


class HouseRuleInline(admin.TabularInline):
    model = HouseRule
    extra = 0


class MembershipInline(admin.TabularInline):
    model = Membership
    extra = 0
    autocomplete_fields = ["user"]


@admin.register(League)
class LeagueAdmin(admin.ModelAdmin):
    list_display = ["name", "ruleset", "commissioner", "created_at"]
    prepopulated_fields = {"slug": ["name"]}
    inlines = [HouseRuleInline, MembershipInline]
