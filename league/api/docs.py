"""The opening page of the API's documentation (/api/docs/, /api/redoc/): authentication and errors.

Plain text, imported by the settings (SPECTACULAR_SETTINGS["DESCRIPTION"]); README.md says the same.
"""

API_DESCRIPTION = """
The same services and permissions as the site's pages: reading is open to everyone, writing needs a
login and the rights a coach or commissioner has on the pages.

## Authentication

- **A personal API token**, for scripts: make one on `/accounts/tokens/` (logged in; the token is
  shown once, copy it then) and send it in every request's header:
  `curl -H "Authorization: Bearer <token>" …`. The script acts as you, with your rights, and needs
  no CSRF token. Revoke a token on the same page: from then on, and for a wrong token, the answer is
  401, code `authentication_failed`. The page shows when each token was last used.
- **HTTP Basic** (`curl -u alice:password …`), for programs: every request carries the user name and
  password, and costs one password check. A write without credentials is answered 401 with a
  `WWW-Authenticate: Basic` challenge.
- **The site's session** (log in at `/accounts/login/`), for this page and the browsable API. A write
  must then carry the CSRF token: the `csrftoken` cookie's value in the `X-CSRFToken` header
  (otherwise 403, code `csrf_failed`).

**Failed logins are throttled**, on the login page, the admin and the API alike: after too many
failed logins for one account (from anywhere) or from one address (for any account), logging in is
blocked for a while (by default 10 failures, 15 minutes). A blocked attempt is answered 429, code
`locked_out`, with `Retry-After` in seconds, and no password is checked: even the right one is
refused until the time has passed.

## Playing a match

`/api/matches/<id>/` shows a match: its status, teams, result and, under `next`, what you may do now
(with the address to do it), as the match page offers it. The steps, each answering the match:

1. Pre-match: `POST …/prematch/petty-cash/` `{"side": "home", "amount": 20000}` and
   `…/prematch/inducements/` `{"side": "away", "inducements": {"items": {"bribes": 1}}}`, each side in
   turn (`prematch.awaiting` and `prematch.side` say whose); then `…/prematch/` with the table rolls
   (`{"weather": [3, 4]}`; left out, the server rolls).
2. The result: `POST …/result/` saves the sheet as a draft (a match report's post-match half:
   `result`, `players` and `casualties` by player `id`, `dice`, `decisions`); `…/submit/`; the
   opposing coach (or the commissioner) `…/confirm/`s or `…/send-back/`s it with a `reason`; the one
   who submitted may `…/withdraw/` it.
3. After the match: `decisions` lists what each coach still chooses (an improvement roll's skill):
   `POST /api/matches/decisions/<kind>/<id>/` `{"choice": "<option key>"}`.

## Errors

Every error has the same JSON shape, whoever asks (token, session, Basic, anonymous) and whatever went wrong:

```json
{"code": "refused",
 "detail": "Two players cannot wear the same number. Every player needs a name.",
 "errors": ["Two players cannot wear the same number.", "Every player needs a name."],
 "fields": {}}
```

- `code`: what kind of error, for programs: `invalid` (malformed fields: see `fields`), `refused`
  (well-formed, refused by the rules or the state of the data), `parse_error` (the body cannot be
  read), `bad_request`, `not_authenticated`, `authentication_failed`, `locked_out`, `csrf_failed`,
  `permission_denied`, `not_found`, `method_not_allowed`, `unsupported_media_type`, `server_error`;
- `errors`: every reason, each a sentence in the request's language (`Accept-Language`); a field's
  reason starts with the field's path (`players[3].name: This field may not be blank.`);
- `detail`: the same reasons in one line;
- `fields`: the reasons by input field, nested like the input; `{}` when no field is at fault.

What no input may carry is refused before anything is read or written (400): a NUL character or an
unpaired surrogate in any text (body, query string, form), a number beyond 64 bits (or beyond what
its column holds), JSON nested more than 32 levels, `NaN` or `Infinity`.
"""
