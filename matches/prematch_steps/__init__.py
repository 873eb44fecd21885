"""The pre-match steps' page and service parts, one module a step, registered by name in
matches.services.prematch_steps (imported by MatchesConfig.ready())."""
