# Run by .ci/prod-smoke through `manage.py shell`: a demo fixture gets its pre-match and a result
# submitted by the home coach, to be confirmed through the web page by the away coach. Prints
# "<match id> <away coach's username>".
from league.core.models import League
from league.tooling.demo import DEMO_SLUG

from matches.services import PlayerLine, PrematchInput, ReportInput, prematch_record, report_save, report_submit

league = League.objects.get(slug=DEMO_SLUG)
match = league.matches.filter(status="scheduled").order_by("round__number", "pk").first()
prematch_record(match=match, data=PrematchInput(weather_dice=(3, 4)), by=league.commissioner)
scorer = match.home.players.order_by("number").first()
report = ReportInput(
    home_score=1, away_score=0, home_fame=0, away_fame=0, gate=25, lines=(PlayerLine(scorer.pk, touchdowns=1),)
)
report_save(match=match, report=report, by=match.home.coach)
report_submit(match=match, by=match.home.coach)
print(match.pk, match.away.coach.get_username())
