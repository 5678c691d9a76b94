"""Credential scrubbing for memory content.

Anything an agent writes into collective memory may later be read by many other
agents (and humans), so secrets must never be persisted verbatim.  ``scrub``
replaces every credential it can recognise with a typed placeholder such as
``[REDACTED:aws_access_key]`` and reports which kinds were removed.

Design
------
* **Detection = detect-secrets + own patterns.**  The vendor-specific regexes of
  ``detect-secrets`` (AWS, GitHub, GitLab, Slack, Stripe, SendGrid, Twilio, ...)
  are reused directly through the plugins' ``denylist`` attributes, its JWT
  validator decides whether a two-segment ``eyJ...`` string is a JWT, its
  private-key denylist gates the PEM/PuTTY scan, and the high-entropy
  fallback uses its base64 charset, its 4.5 limit and the same Shannon
  entropy formula.  The plugins' ``analyze_line`` API is not
  used: it needs global settings and returns values rather than positions,
  and we need positions to replace text in place.  Own patterns cover the
  known gaps (prose passwords in English and Spanish, OpenAI/Anthropic/Google
  keys, full PEM blocks, connection strings, ``Authorization`` headers,
  generic ``api_key=...`` assignments, AWS secret keys without quotes, ...).
* **Two readings.**  Every detector reads the writer's text and, for text
  with any non-ASCII character, the inspection fold
  (``memory.inspection.normalise.fold(text, words=False)``: NFKC, format
  characters removed, confusables, combining marks) with the writer's case put
  back (``folding``).  A finding in the fold is redacted at the writer's
  characters it maps back to; the rest of the text keeps the writer's form.
  Leet and letter-by-letter spellings of the keywords are matched by the
  keyword patterns and ``prose`` (the character fold keeps digits and spacing,
  which belong to a credential).
* **Span merging.**  Every detector yields ``(start, end, kind)`` spans.
  Overlapping spans are merged into their union (so no secret is left
  half-redacted and no placeholder is nested in another) and the merged span
  takes the kind of its most specific detector (detectors are listed from
  most to least specific).
* **Idempotency.**  Spans that overlap an existing ``[REDACTED:...]``
  placeholder are dropped, keywords inside placeholders are ignored, and
  detection passes repeat until one finds nothing (removing a secret can
  expose a neighbour), so ``scrub(scrub(x).text).text == scrub(x).text``.
* **Precision.**  UUIDs, git SHAs and other hex strings are never considered
  (their base64-charset entropy is below the threshold and pure hex is skipped
  explicitly); prose such as "I forgot my password" is untouched because a
  keyword alone is never enough, a plausible value must follow it.
* **Fail closed.**  ``scrub`` never raises on ``str`` input; should an
  unexpected internal error happen, the whole text is replaced by
  ``[REDACTED:unscannable]`` rather than leaking it.

Nothing here logs, stores or returns the secret values themselves.

Known gaps (deliberate trade-offs for precision)
-----------------------------------------------
* Prose passwords: the token right after the keyword, or a run of plain words
  closing the clause (three after a passphrase/seed keyword, four after a
  password keyword, with no function word and at most one other stopword);
  before the keyword only a credential-shaped token ("Uses X as the
  password", "X es mi contraseña").  A plain dictionary word followed by more
  prose ("my password is swordfish and ...") is kept, whereas a clause-final
  one ("... is swordfish.") or any token with digits/symbols/inner capitals
  is redacted.  Values shorter than 4 characters are ignored; trailing
  ``.,;:)]}`` stay outside the redaction.
* Bare hex strings (32/40/64 hex) are never redacted without a keyword, to
  preserve git SHAs, digests and UUIDs; hex API keys are caught only in
  ``api_key=...`` / ``token: ...`` / ``<anything> key: <hex>`` style contexts
  (not after fingerprint/checksum/hash/commit/id labels).
* A seed phrase is recognised only after a seed/wallet/recovery word; a
  passphrase of plain words needs a label or quotes.
* The high-entropy fallback needs 20+ base64 characters including a digit
  and both letter cases; all-lowercase random tokens without context pass.
* Only English and Spanish keywords are known.
* A short number is a secret only when the sentence binds it to an access code (a PIN label, a code
  word naming what it opens, an unlocking verb after a lock); a number for an object outside that
  list, or behind a typo in the label, is kept. Measured figures: docs/privacy.md "Secrets, fourth round".

Layout (this ``__init__`` re-exports the public names; underscored names are
private to the package):

* ``kinds`` - :class:`ScrubResult`, :func:`placeholder`, ``REDACTION_KINDS``.
* ``measures`` - Shannon entropy and character-class helpers; labels whose value is another name
  (a ``…Key`` label naming the Secret's entry, a label closing its line before a mapping's keys).
* ``vendor_tokens`` - per-provider token rules (AWS, GitHub, Slack, ...), run through
  ``find_vendor_tokens`` (every rule's hint tested once per text).
* ``jwt``, ``private_keys``, ``urls`` (URL credentials, Authorization
  headers; not a business document's "return authorization: RMA-…"), ``keywords`` (keyword + value), ``entropy`` (high-entropy
  fallback) - one detector family each.
* ``encoded`` - what the high-entropy fallback keeps as encoded content: a ``data:`` URI's body,
  base64 of a sentence, a file (its whole magic number on the decoded prefix, so an attachment cut
  short counts; not after a secret label) or a plain JSON object, DER public keys and
  certificates, public JWK members.
* ``prose`` - passwords before their keyword, after a spaced-out keyword,
  PINs set off by a comma, ``user / password`` after a login label.
* ``shapes`` - secrets by their prose shape next to a label: wallet-seed word
  runs, quoted passphrases, spaced or spelled-out values, ``*-Key:`` headers,
  chunked vendor tokens, "opens with 46-12-88", hex after a key label.
* ``codes`` - short numeric secrets bound to a PIN-like label or to what they open (door, gate,
  alarm, safe, card, phone…): PINs, PUKs, CVVs, door/safe/lock codes; Indian postal PIN codes kept.
* ``phrases`` - passphrases named by what they unlock ("…" unlocks my vault, Para descifrar el
  zip: …), declared phrases ("contraseña (es una frase): …"), hyphen-chained passphrases.
* ``separated`` - tokens written one character at a time with a separator, in chunks after a
  vendor prefix, or in groups of a fixed width that split the prefix too; joined and re-read; a
  password typed with a space between its characters ("L i m o n e r o _ 8 4 2").
* ``typing_notes`` - a password closed by a note on how it is typed ("todo en minúsculas", "spaces
  included", "tal cual", "con guiones"; the bare "wifi" labels it there), after "just"/"solo",
  spelled out before its label, quoted after "como contraseña", or chosen after a password was asked
  for ("asked for a passphrase so I used …").
* ``stand_ins`` - values that stand for a secret without being one (``[FILTERED]``, ``****abcd``,
  ``${DB_PASSWORD}``, AWS's ``…EXAMPLE``, the exact example credentials vendors and RFCs publish,
  a secret manager's reference such as ``secret/data/…`` or ``op://…``): never redacted, whatever
  finder or key took them; ``store_path``, a store's path after a label naming the store or a path;
  ``names_a_stored_secret``, a store CLI's ``--secret=<name>`` (``gcloud secrets …``).
* ``other_values`` - values in another field's notation, no credential whatever took them (thirtieth
  round): CSS colours in a text about colour, password hashes in the modular crypt format, the
  code beside a published test card, a clause saying where a password is kept; and (thirty-third
  round) a value after a negated label, a masked last-four display, a value its own line's comment
  calls an example, a Vault KV path, a passphrase's form described ("five random words"); and
  (thirty-fourth round) an IaC/CI variable reference, a colon-hex fingerprint of any digest
  length, a mask in any notation, alone or as an assignment's right side.
* ``disguises`` - the thirty-third round's frames: a credential right after an announced disguise
  ("te la escribo con guiones:", "spelled backwards:", "te la parto en dos líneas:"), a chat answer
  to a question about a password, a device's login said as its use or as what it takes, a TOTP seed
  in hex or base32, a passphrase after a label with a parenthetical aside; (thirty-fourth round)
  an encoding announced as the disguise ("te lo mando en base64:"), and a key or token announced.
* ``broad_frames`` - the thirty-fourth round's broad classes: a name/value pair in any config
  notation whose name names a secret, any request verb then any choosing verb, labelled parts of a
  split value, a code set/reset/changed "a/to N" or "para/to <verb> … es N", a quoted value "as the
  password", a value to type exactly, a bare password word after a credentials list's first item.
* ``answers`` - the thirty-fifth round's finders: a credential on the next speaker's line after a
  chat question asking for one, a code given by its length ("five digits, 63907"), the password
  of a ``user / pass`` pair after a login word.
* ``public_values`` - the thirty-fifth round's filters: an obvious fake (``EXAMPLE`` inside a
  token), a public identifier under its own name (``key_id=``, ``client_id=``…, not a vendor's
  credential format), and a keyword's value past the end of a quotation holding the keyword; (thirty-eighth
  round) an HTTP header's name taken as a value, an environment variable's name in capitals, a ticket's
  "pass" (boarding, season, day pass).
* ``glued`` - (thirty-seventh round) a password word glued to what it opens ("diskpass", "rootpw",
  "WIFIPASS": a closed list of nouns) or a manager's bare "master:" label, read a third time as a
  strong password word of the same length so the usual frames decide what follows.
* ``cues`` - (thirty-eighth round) cues read as a password word in a fourth reading: a question that is
  only a password's noun phrase answered by a copula ("My email password? It is …"), unlock/secret
  words, "the <thing> one is" after a password word.
* ``said`` - (thirty-eighth round) credentials said in prose without a password word right before
  them: typed at a prompt for a secret ("cuando pida la frase, teclea: …"), a default account's
  ``admin / …`` pair, set to a plain or quoted value, named for what it opens, digits after the purpose
  of unlocking, PINs in number words or after a description, quoted pieces to be joined, a login told
  with the value, the new value after a change, a value after a description and a colon, a passphrase
  counted in words or after an encryption tool's label, a single-quoted phrase after a phrase label;
  ``credential_like`` (a credential, or a word with a number that names no product).
* ``value_shape`` - (thirty-ninth round) the one value shape every frame that states a value shares:
  the characters of a bare value, the punctuation left after it, a credential's shape, the shapes that
  are a link, path, address or version.
* ``token_scorer`` - (fortieth round) no frame: a credential context anywhere in the text (password,
  contraseña, clave, PIN, passphrase, wifi, login, admin, vpn…) plus a credential-shaped token, scored
  by a logistic regression over hashed features (``token_scores.npz``, trained leave-author-out by
  ``evaluation.train_secret_scorer``); and a chat turn answering a question that names a credential.
* ``pieces`` - (fortieth round) a credential given in pieces in that context: over lines, with a
  repeated symbol between the pieces, a phrase of plain words after "is"/"type" in a passphrase context.
* ``not_credentials`` - (fortieth round) driver filters: a truncated display ("sk_live_…(oculta)…"),
  a piece of a date, a value made only of field-name words ("auth_token"), a lone JOSE header segment.
* ``logins`` - (forty-second round) a login told with its password ("sign in as … with the password
  …", "entra como … con la contraseña …"), a value typed at a login or lock screen ("just type …",
  "escribe …"), "mine's N" after an access-code word, digits glued to "#" closing a line that names a
  door or keypad.
* ``not_values`` - (forty-second round) driver filters: a password-policy regular expression, a
  config field naming its source (``VAULT``, ``env:…``), a manual's factory default, a meeting
  room's "clave", a passphrase's spacing described, base64 of plain words; (forty-third round) a street's
  postcode read as a door code, a payment's or a booking's reference under its label.
* ``unworded`` - (forty-third round) values marked as one secret with no password word beside them: single
  characters spaced or hyphened out with a cue that they are one value ("sin espacios", "letter by
  letter:"), a lock's code after an arrow or a colon ("candado de la bici → …"), a token laced with
  zero-width characters, a phrase an encrypted disk or volume opens with ("se abre con …", "hay que
  escribir: …"). Its driver filters live in ``not_values`` (a street's postcode, a payment's reference).
* ``changed`` - (forty-fourth round) what a credential's change ended up as ("quedó como …", "it's now …");
  (forty-fifth round) a value "le puse" gave an account or a device named before it.
* ``vocabulary`` - (stop 46) the one credential vocabulary: every reader's credential words as columns of
  one table, and the keyword finder's label patterns.
* ``bare_values`` - (forty-fifth round) a value of no word's shape right after a credential noun with no
  copula ("keeps the password …", "la contraseña …"). Its filters for a value named as a kind or an example
  of password, said not to be actually used, or a GnuPG key id live in ``not_values``.
* ``used_phrases`` - (stop 47) a quoted run of plain words that is the object of a verb of using, getting in
  or unlocking in a sentence naming a holder of credentials ("para el KeePass usamos la frase «…»", "we use
  "…"", "entramos con «…»"). Its stop-47 filters (a reference under a field named as one, a template's Basic
  pair, the example of a published work, "nobody should actually use") live in ``not_values``.
* ``folding`` - the case-keeping inspection view a second reading uses.
* ``driver`` - :func:`scrub`: run the detectors in order on every reading (the writer's text, the fold,
  the glued view, the cue view),
  merge, replace, repeat until stable, fail closed.
* ``fields`` - every field of a write: :func:`~memory.scrubbing.fields.inspect_secrets`
  (the write path's one call), values under secret-named keys, identifiers
  refused with ``secret_in_identifier``.
"""

from __future__ import annotations

from memory.scrubbing.driver import scrub
from memory.scrubbing.kinds import REDACTION_KINDS, ScrubResult, placeholder

__all__ = ["REDACTION_KINDS", "ScrubResult", "placeholder", "scrub"]
