"""Tests for memory.scrubbing.vendor_formats: published vendor token formats (no database).

Every value is made up in the vendor's documented shape (prefix, length, alphabet) and assembled
from pieces so the source holds no literal token; each is written in a sentence with no secret
word, so only the vendor rule can name its kind (the entropy fallback would say ``high_entropy``).
"""

from __future__ import annotations

import pytest

from memory.scrubbing import REDACTION_KINDS, scrub
from memory.scrubbing.vendor_formats import FORMAT_KINDS, VENDOR_FORMATS, WIDER_FORMATS

_ALNUM = "q7Kz2Wx9Lm4Tr8Vb3Nc6Yd1Hf5Gs0Jp"
_HEX = "9f3a1c7e2b8d4f60a5e1c3b7d9f2a4c6"


def _mix(n: int, alphabet: str = _ALNUM) -> str:
    return (alphabet * (n // len(alphabet) + 1))[:n]


def _hex(n: int) -> str:
    return _mix(n, _HEX)


def _uuid() -> str:
    return "-".join((_hex(8), _hex(4), _hex(4), _hex(4), _hex(12)))


SAMPLES: list[tuple[str, str]] = [
    ("postman_key", "PM" + "AK-" + _hex(24) + "-" + _hex(34)),
    ("postman_key", "PM" + "AT-" + _mix(24) + "-" + _mix(34)),
    ("digitalocean_token", "do" + "p_v1_" + _hex(64)),
    ("digitalocean_token", "do" + "o_v1_" + _hex(64)),
    ("atlassian_token", "ATA" + "TT3" + _mix(186)),
    ("atlassian_token", "AT" + "BB" + _mix(32)),
    ("heroku_key", "HR" + "KU-" + _mix(60)),
    ("doppler_token", "dp" + ".pt." + _mix(43)),
    ("doppler_token", "dp" + ".st.prd." + _mix(40)),
    ("vault_token", "hv" + "s." + _mix(90)),
    ("vault_token", "hv" + "b." + _mix(40)),
    ("vault_token", _mix(14) + ".atl" + "asv1." + _mix(64)),
    ("grafana_token", "gl" + "sa_" + _mix(32) + "_" + _hex(8)),
    ("grafana_token", "gl" + "c_" + _mix(60) + "=="),
    ("grafana_token", "eyJr" + "Ijoi" + _mix(60)),
    ("databricks_token", "da" + "pi" + _hex(32)),
    ("databricks_token", "da" + "pi" + _hex(32) + "-2"),
    ("linear_key", "lin" + "_api_" + _mix(40)),
    ("notion_token", "sec" + "ret_" + _mix(43)),
    ("notion_token", "nt" + "n_" + _mix(46)),
    ("airtable_token", "pa" + "t" + _mix(14) + "." + _hex(64)),
    ("square_token", "sq0" + "atp-" + _mix(22)),
    ("dropbox_token", "sl" + "." + _mix(135)),
    ("dropbox_token", "sl" + ".u." + _mix(120)),
    ("sentry_token", "snt" + "rys_" + _mix(80)),
    ("newrelic_key", "NR" + "AK-" + _mix(27).upper()),
    ("supabase_key", "sb" + "p_" + _hex(40)),
    ("supabase_key", "sb" + "_secret_" + _mix(31)),
    ("planetscale_token", "psc" + "ale_tkn_" + _mix(43)),
    ("pulumi_token", "pu" + "l-" + _hex(40)),
    ("figma_token", "fi" + "gd_" + _mix(40)),
    ("docker_token", "dck" + "r_pat_" + _mix(27)),
    ("registry_token", "ruby" + "gems_" + _hex(48)),
    ("registry_token", "oy" + "2" + _mix(43).lower()),
    ("registry_token", "CLO" + "JARS_" + _mix(60)),
    ("tailscale_key", "tsk" + "ey-auth-" + _mix(12) + "-" + _mix(32)),
    ("onepassword_key", "A" + "3-" + "Q7KZ2W-X9LM4TR8VB3-NC6YD-1HF5G-S0JPA"),
    ("onepassword_key", "A" + "3-" + "Q7KZ2W-X9LM4T-R8VB3-NC6YD-1HF5G-S0JPA"),
    ("onepassword_key", "op" + "s_eyJ" + _mix(120)),
    ("age_key", "AGE-" + "SECRET-KEY-1" + ("QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L" * 2)[:58]),
    ("ai_api_key", "gs" + "k_" + _mix(52)),
    ("ai_api_key", "pp" + "lx-" + _mix(48)),
    ("ai_api_key", "xa" + "i-" + _mix(80)),
    ("ai_api_key", "r8" + "_" + _mix(37)),
    ("ai_api_key", "lsv" + "2_pt_" + _hex(32) + "_" + _hex(10)),
    ("ai_api_key", "pc" + "sk_" + _mix(60)),
    ("ai_api_key", "sk-" + "or-v1-" + _hex(64)),
    ("huggingface_token", "api" + "_org_" + _mix(34)),
    ("google_oauth", "GOC" + "SPX-" + _mix(28)),
    ("google_oauth", "ya" + "29." + _mix(120)),
    ("google_oauth", "1//" + "0" + _mix(60)),
    ("google_oauth", "AA" + "AA" + _mix(7) + ":APA" + "91b" + _mix(134)),
    ("hubspot_token", "pa" + "t-na1-" + _uuid()),
    ("brevo_key", "xkey" + "sib-" + _hex(64) + "-" + _mix(16)),
    ("platform_token", "CF" + "PAT-" + _mix(43)),
    ("platform_token", "tf" + "p_" + _mix(59)),
    ("platform_token", "bk" + "ua_" + _hex(40)),
    ("platform_token", "CCI" + "PAT_" + _mix(22) + "_" + _hex(40)),
    ("platform_token", "dt0" + "c01." + _mix(24).upper() + "." + _mix(64).upper()),
    ("platform_token", "sq" + "p_" + _hex(40)),
    ("platform_token", "pn" + "u_" + _mix(36)),
    ("platform_token", "ai" + "o_" + _mix(28)),
    ("platform_token", "fio" + "-u-" + _mix(64)),
    ("platform_token", "nf" + "p_" + _mix(36)),
    ("platform_token", "fo" + "1_" + _mix(43)),
    ("platform_token", "fm" + "2_" + _mix(120)),
    ("platform_token", "st" + "." + _uuid() + "." + _hex(32) + "." + _hex(32)),
    ("platform_token", "cmV" + "md" + _mix(59)),
    ("platform_token", "pa" + "t." + _mix(22) + "." + _hex(24) + "." + _mix(20)),
    ("platform_token", "sd" + "k-" + _uuid()),
    ("platform_token", "v1" + ".0-" + _hex(24) + "-" + _hex(146)),
    ("platform_token", "sk" + ".eyJ" + _mix(60) + "." + _mix(22)),
    ("platform_token", "A" * 22 + _mix(60)),
    ("platform_token", "1/" + "1204567890123456:" + _mix(32)),
    ("platform_token", "KE" + "Y" + _hex(32).upper() + "_" + _mix(22)),
    ("payment_key", "shi" + "ppo_live_" + _hex(40)),
    ("payment_key", "EZ" + "AK" + _hex(54)),
    ("payment_key", "FLW" + "SECK-" + _hex(32) + "-X"),
    ("payment_key", "access_" + "token$production$" + _mix(16).lower() + "$" + _hex(32)),
    ("payment_key", "acc" + "ess-production-" + _uuid()),
    ("cloud_key", "LT" + "AI" + _mix(20)),
    ("cloud_key", "AK" + "ID" + _mix(32)),
    ("slack_token", "xo" + "xe.xoxp-1-" + _mix(140)),
    ("azure_key", "Xy7" + "8Q~" + _mix(34).replace("J", "~")),
    ("platform_token", "dG9r" + "Oj" + _mix(50)),
    ("platform_token", "pk" + "_4821937_" + _mix(32).upper()),
    ("platform_token", "ph" + "x_" + _mix(43)),
    ("platform_token", "secret-" + "live-" + _mix(36)),
    ("platform_token", "re" + "_" + _mix(9) + "_" + _mix(24)),
    ("platform_token", "rn" + "d_" + _mix(32)),
    ("platform_token", "ak" + "ab-" + _mix(16).lower() + "-" + _mix(16).lower()),
    ("ai_api_key", "sk" + "_" + _hex(48)),
    ("onepassword_key", "0." + _uuid() + "." + _mix(30) + ":" + _mix(22) + "=="),
    ("aws_secret_key", "IQoJ" + "b3JpZ2luX2Vj" + _mix(120)),
    ("cloud_key", "SC" + "W" + _mix(17).upper()),
    ("sendgrid_key", "SG" + "." + _mix(20) + "." + _mix(40)),
    ("github_token", "gh" + "p_" + _mix(34)),
    ("google_api_key", "AI" + "za" + "Sy" + _mix(31)),
    ("telegram_token", "7382915046:" + "AA" + _mix(31)),
    ("twilio_key", "S" + "K" + _hex(28) + "A4C6"),
    ("twilio_key", "A" + "C" + _hex(32).upper()),
    ("mailgun_key", "key" + "-" + _mix(30)),
    ("stripe_key", "sk_" + "live_" + _mix(14)),
    ("gitlab_token", "glp" + "at-" + _mix(18)),
    ("npm_token", "np" + "m_" + _mix(34)),
    ("pypi_token", "py" + "pi-AgEI" + _mix(60)),
    ("shopify_token", "sh" + "pat_" + _mix(32)),
    ("token", "session" + "id=" + _hex(40)),  # twentieth round: a framework's session cookie
]


@pytest.mark.parametrize(("kind", "token"), SAMPLES)
def test_a_made_up_token_in_the_vendors_shape_is_redacted_as_that_vendor(kind: str, token: str) -> None:
    for text in (f"Lo dejé en el .env del proyecto: {token}", f"{token}", f"copied ({token}) into the runner"):
        out = scrub(text)
        assert token not in out.text
        assert kind in out.redactions, (kind, out.redactions)


def test_every_format_kind_is_a_redaction_kind_and_has_a_sample() -> None:
    assert set(FORMAT_KINDS) <= set(REDACTION_KINDS)
    sampled = {kind for kind, _ in SAMPLES} | {"discord_token"}  # webhook URLs: their own test below
    assert {f.kind for f in (*VENDOR_FORMATS, *WIDER_FORMATS)} <= sampled


def test_azure_connection_string_keys_of_any_length_are_redacted() -> None:
    key = _mix(43) + "="
    for text in (
        f"Endpoint=sb://bus-ana.servicebus.windows.net/;SharedAccessKeyName=RootManageSharedAccessKey;SharedAccessKey={key}",
        f"DefaultEndpointsProtocol=https;AccountName=fotos;AccountKey={key};EndpointSuffix=core.windows.net",
        f"https://fotos.blob.core.windows.net/c/a.jpg?sv=2022-11-02&se=2026-01-01&sp=r&sig={_mix(43)}%3D",
    ):
        out = scrub(text)
        assert _mix(43) not in out.text and "azure_key" in out.redactions
    assert "SharedAccessKeyName=RootManageSharedAccessKey" in scrub(
        f"SharedAccessKeyName=RootManageSharedAccessKey;SharedAccessKey={key}").text
    secret = "Xy7" + "8Q~" + _mix(34).replace("J", "~")
    assert "azure_key" in scrub(f"client secret de la app de Entra copiado: {secret}").redactions


def test_a_discord_webhook_url_loses_its_token() -> None:
    token = _mix(68)
    out = scrub(f"Webhook del servidor: https://discord.com/api/webhooks/123456789012345678/{token}")
    assert token not in out.text and "discord_token" in out.redactions


@pytest.mark.parametrize(
    "text",
    [
        "secret_santa_list_for_the_office_party_2024 is in the shared drive",
        "Abrió dapifolder y la carpeta de patrones patXXXXXXXXXXXXXX.txt",
        "SKUSKUSKUSKUSKUSKUSKUSKUSKUSKUSKU and ACCOUNTSPAYABLEDEPARTMENTREPORT",
        "The page key-rotation-guidelines-2024 and key-value-store-for-sessions2.",
        "The sl.no column of the spreadsheet lists twelve items.",
        "Running tskey-auth rotation script at 9 am; see doc glc_onboarding_guide_for_the_new_team.",
        "She reads the Pulumi pul-request notes and the NRAK- prefix docs.",
        "Order API-2024-771 shipped; the API-GATEWAY-TIMEOUT was fixed.",
        "Request API-01HGW2N3K4M5P6Q7R8S9T0V1W2 failed (a ULID after its prefix).",
        "Ticket KEY-1234 blocks ASANA-2/4: see 1/3 of the plan.",
        "Vive en la calle ATBB y su coche es un LTAI de 2019.",
        "npm_config_registry points at the internal mirror; pypi-mirror too.",
        "The AAAA record for the host and the docs at ya29 street.",
        "dp.st.prd is the name of the Doppler config, not a token.",
        "Usa access-production-ready como etiqueta del despliegue.",
        "Consultó el SG.Vacaciones en el calendario compartido.",
        "Arreglamos el bug de hvs.parse que rompía el build.",
        "Version 0.4.2 of re_match_helpers and sk_learn_pipeline_tuning_notes were merged.",
        "The pk_1 column and rnd_seed_for_the_simulation_runs are in the notebook.",
    ],
)
def test_words_and_identifiers_near_a_vendor_prefix_are_kept(text: str) -> None:
    assert scrub(text).count == 0


@pytest.mark.parametrize(
    "text",
    ["Algolia admin key " + _hex(32) + " (no compartir)", "Clave HMAC " + _hex(40), "Signing key " + _hex(40) + " rotated"],
)
def test_a_hex_key_right_after_its_label_word_is_redacted(text: str) -> None:
    # Vendors without a prefix (Algolia, Datadog, Postmark…) are found by their label.
    assert _hex(32) not in scrub(text).text


@pytest.mark.parametrize(
    "text",
    ["SSH host key fingerprint MD5 " + _hex(32), "The commit hash key " + _hex(40) + " fixed it",
     "Public key id " + _hex(32), "Public key " + _hex(64)],
)
def test_a_hex_digest_id_or_public_key_after_a_key_word_is_kept(text: str) -> None:
    assert scrub(text).count == 0
