"""Write ``secrets_probe20.jsonl`` (see README.md). Every value is made up here from a fixed seed;
vendor prefixes are assembled from pieces so this file does not trip secret scanners."""

from __future__ import annotations

import json
import random
import string
from pathlib import Path

R = random.Random(20)
AN = string.ascii_letters + string.digits
HEX = "0123456789abcdef"
B64 = AN + "+/"


def rnd(n: int, alphabet: str = AN) -> str:
    while True:
        v = "".join(R.choice(alphabet) for _ in range(n))
        if alphabet is not AN or (any(c.isdigit() for c in v) and any(c.isupper() for c in v) and any(c.islower() for c in v)):
            return v


def pem(label: str, lines: int = 6) -> str:
    body = "\n".join(rnd(64, B64) for _ in range(lines))
    return f"-----BEGIN {label}-----\n{body}\n-----END {label}-----"


rows: list[dict] = []


def pos(kind: str, lang: str, text: str, secret: str) -> None:
    assert secret in text
    rows.append({"text": text, "has_secret": True, "lang": lang, "secret": secret, "kind": "vendor_token" if kind == "v" else kind,
                 "probe_kind": kind})


def neg(kind: str, lang: str, text: str) -> None:
    rows.append({"text": text, "has_secret": False, "lang": lang, "secret": None, "kind": "none", "probe_kind": kind})


# --- vendor formats (documented prefixes and shapes) -----------------------------------------
v = "sk_" + "live_" + rnd(24); pos("v", "en", f"Stripe secret key for the shop backend: {v}", v)
v = "rk_" + "live_" + rnd(24); pos("v", "en", f"Restricted Stripe key used by the reporting job {v}, read-only.", v)
v = "whsec_" + rnd(32); pos("v", "es", f"El webhook de Stripe firma con {v}, ponlo en el .env", v)
v = "SK" + rnd(32, HEX); pos("v", "en", f"Twilio API key SID {v} for the reminders worker.", v)
v = rnd(32, HEX); pos("v", "es", f"Twilio: el auth token es {v} (cuenta de producción).", v)
v = "SG." + rnd(22, AN + "-_") + "." + rnd(43, AN + "-_"); pos("v", "en", f"SendGrid API key: {v}", v)
v = "xox" + "b-" + "".join(R.choice(string.digits) for _ in range(12)) + "-" + "".join(R.choice(string.digits) for _ in range(13)) + "-" + rnd(24); pos("v", "en", f"Slack bot token for the standup bot is {v}", v)
v = "xox" + "p-" + "".join(R.choice(string.digits) for _ in range(12)) + "-" + "".join(R.choice(string.digits) for _ in range(12)) + "-" + "".join(R.choice(string.digits) for _ in range(13)) + "-" + rnd(32, HEX); pos("v", "es", f"Token de usuario de Slack de Marta: {v}", v)
v = "https://hooks." + "slack.com/services/T" + rnd(8, string.ascii_uppercase + string.digits) + "/B" + rnd(10, string.ascii_uppercase + string.digits) + "/" + rnd(24); pos("v", "en", f"Alerts go to the webhook {v}", v)
v = "glpat-" + rnd(20, AN + "-_"); pos("v", "en", f"GitLab personal access token: {v}", v)
v = "gldt-" + rnd(20, AN + "-_"); pos("v", "es", f"El deploy token de GitLab para el registry es {v}", v)
v = "glrt-" + rnd(20, AN + "-_"); pos("v", "en", f"Runner registered with authentication token {v}", v)
v = "GR1348941" + rnd(20, AN + "-_"); pos("v", "en", f"Old runner registration token GR1348941… full value {v}".replace("GR1348941… full value ", ""), v)
v = "npm_" + rnd(36); pos("v", "en", f"//registry.npmjs.org/:_authToken={v}", v)
v = "npm_" + rnd(36); pos("v", "es", f"Token de publicación de npm: {v}", v)
v = "pypi-AgEIcHlwaS5vcmc" + rnd(60, AN + "-_"); pos("v", "en", f"PyPI upload token {v}", v)
v = rnd(86, B64) + "=="; pos("v", "en", f"Azure storage account key1: {v}", v)
v = rnd(86, B64) + "=="; pos("v", "en", f"DefaultEndpointsProtocol=https;AccountName=backupsprod;AccountKey={v};EndpointSuffix=core.windows.net", v)
v = rnd(3, AN) + "8Q~" + rnd(31, AN + "~._-"); pos("v", "en", f"Azure AD app client secret (expires 2027): {v}", v)
v = "sp=r&st=2026-12-01T09:00:00Z&se=2026-12-31T18:00:00Z&spr=https&sv=2022-11-02&sr=c&sig=" + rnd(43, AN) + "%3D"; pos("v", "en", f"SAS URL for the export container: https://backupsprod.blob.core.windows.net/exports?{v}", v.split("sig=")[1]); rows[-1]["secret"] = v.split("sig=")[1]
v = pem("PRIVATE KEY", 4).replace("\n", "\\n"); pos("private_key", "en", '{"type": "service_account", "project_id": "quorum-prod", "private_key": "' + v + '", "client_email": "ci@quorum-prod.iam.gserviceaccount.com"}', v.split("\\n")[1])
v = "AIza" + rnd(35, AN + "-_"); pos("v", "en", f"Google Maps server key AIza… the full one is {v}".replace("AIza… the full one is ", "the full one is "), v)
v = "GOCSPX-" + rnd(28, AN + "-_"); pos("v", "es", f"Client secret de OAuth de Google: {v}", v)
v = "ya29." + rnd(80, AN + "-_"); pos("v", "en", f"Short-lived Google access token {v}", v)
v = "1//0" + rnd(60, AN + "-_"); pos("v", "en", f"Google refresh token for the calendar sync: {v}", v)
v = "sk-proj-" + rnd(48, AN + "-_"); pos("v", "en", f"OpenAI key for the summariser: {v}", v)
v = "sk-ant-api03-" + rnd(86, AN + "-_") + "AA"; pos("v", "es", f"La API key de Anthropic del equipo es {v}", v)
v = "hf_" + rnd(34, string.ascii_letters); pos("v", "en", f"Hugging Face token {v} (write scope)", v)
v = "github_pat_11" + rnd(20, string.ascii_uppercase + string.digits) + "_" + rnd(59); pos("v", "en", f"Fine-grained GitHub PAT: {v}", v)
v = "dop_v1_" + rnd(64, HEX); pos("v", "en", f"DigitalOcean token {v}", v)
v = "hvs." + rnd(90, AN + "-_"); pos("v", "en", f"Vault token for the deploy job: {v}", v)
v = "dckr_pat_" + rnd(27, AN + "-_"); pos("v", "es", f"Token de Docker Hub: {v}", v)
v = "ATATT3xFfGF0" + rnd(180, AN + "-_") + "=" + rnd(8, string.ascii_uppercase + string.digits); pos("v", "en", f"Atlassian API token {v}", v)
v = "lin_api_" + rnd(40); pos("v", "en", f"Linear API key: {v}", v)
v = "ntn_" + rnd(46); pos("v", "es", f"Integración de Notion, secreto interno {v}", v)
v = "PMAK-" + rnd(24, HEX) + "-" + rnd(34, HEX); pos("v", "en", f"Postman API key {v}", v)
v = "glsa_" + rnd(32) + "_" + rnd(8, HEX); pos("v", "en", f"Grafana service account token: {v}", v)
v = "NRAK-" + rnd(27, string.ascii_uppercase + string.digits); pos("v", "en", f"New Relic user key {v}", v)
v = "sbp_" + rnd(40, HEX); pos("v", "en", f"Supabase access token {v}", v)
v = "dapi" + rnd(32, HEX); pos("v", "en", f"Databricks PAT: {v}", v)
v = "dp.st.prd." + rnd(43); pos("v", "en", f"Doppler service token {v}", v)
v = "AGE-SECRET-KEY-1" + rnd(58, string.ascii_uppercase + string.digits); pos("v", "en", f"age identity for the backups: {v}", v)
v = "pul-" + rnd(40, HEX); pos("v", "en", f"Pulumi access token {v}", v)
v = "r8_" + rnd(37); pos("v", "es", f"Token de Replicate: {v}", v)
v = "gsk_" + rnd(52); pos("v", "en", f"Groq key {v}", v)
v = "figd_" + rnd(40, AN + "-_"); pos("v", "en", f"Figma personal token: {v}", v)
v = "ATBB" + rnd(32); pos("v", "en", f"Bitbucket app password {v}", v)
v = rnd(14) + ".atlasv1." + rnd(67); pos("v", "en", f"Terraform Cloud token: {v}", v)
v = "sq0atp-" + rnd(22, AN + "-_"); pos("v", "en", f"Square access token {v}", v)
v = "access_token$production$" + rnd(16, string.ascii_lowercase + string.digits) + "$" + rnd(32, HEX); pos("v", "en", f"Braintree/PayPal access token: {v}", v)
v = "sk." + "eyJ1Ijoi" + rnd(40) + "." + rnd(22); pos("v", "en", f"Mapbox secret token {v}", v)
v = "AAAA" + rnd(7) + ":APA91b" + rnd(134, AN + "-_"); pos("v", "en", f"FCM legacy server key: {v}", v)
v = "sl." + rnd(130, AN + "-_"); pos("v", "en", f"Dropbox short-lived token {v}", v)
v = rnd(32, HEX); pos("v", "en", f"Datadog API key: {v}", v)
v = rnd(40, AN + "_-"); pos("v", "en", f"Cloudflare API token for DNS edits: {v}", v)
v = "00" + rnd(40, AN + "-_"); pos("v", "en", f"Okta API token {v}", v)
v = "eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCJ9." + rnd(120, AN + "-_") + "." + rnd(86, AN + "-_"); pos("jwt", "es", f"El bearer del staging caduca mañana: {v}", v)
v = pem("RSA PRIVATE KEY"); pos("private_key", "en", f"Deploy key:\n{v}", v.split("\n")[2])
v = pem("OPENSSH PRIVATE KEY"); pos("private_key", "es", f"Clave privada del bastión:\n{v}", v.split("\n")[2])
v = pem("EC PRIVATE KEY", 3); pos("private_key", "en", f"Signing key {v}", v.split("\n")[2])
v = pem("PGP PRIVATE KEY BLOCK"); pos("private_key", "en", f"Exported with gpg --export-secret-keys:\n{v}", v.split("\n")[2])
v = pem("ENCRYPTED PRIVATE KEY", 4); pos("private_key", "en", f"{v}", v.split("\n")[2])
# --- connection URLs and basic auth ------------------------------------------------------------
v = rnd(14); pos("url_credentials", "en", f"DATABASE_URL=postgres://app:{v}@db.internal:5432/quorum", v)
v = rnd(12); pos("url_credentials", "es", f"La cadena de MySQL es mysql://reportes:{v}@10.0.4.12:3306/ventas", v)
v = rnd(16); pos("url_credentials", "en", f"mongodb+srv://svc_ingest:{v}@cluster0.ab12c.mongodb.net/events?retryWrites=true", v)
v = rnd(20); pos("url_credentials", "en", f"Cache at redis://:{v}@cache.internal:6379/0", v)
v = rnd(12); pos("url_credentials", "en", f"amqp://worker:{v}@rabbit.local:5672/vhost", v)
v = rnd(10); pos("url_credentials", "es", f"Para entrar al panel usa https://admin:{v}@panel.midominio.es/", v)
v = rnd(11); pos("url_credentials", "en", f"Server=tcp:sql-prod.database.windows.net,1433;Database=crm;User ID=crmapp;Password={v};Encrypt=True;", v)
v = rnd(13); pos("url_credentials", "en", f"JDBC: jdbc:postgresql://db:5432/app?user=app&password={v}", v)
# --- prose, ES/EN ----------------------------------------------------------------------------
pos("password_prose", "es", "La clave del wifi es Girasol#2026, la de invitados no tiene.", "Girasol#2026")
pos("password_prose", "es", "la clave del wifi es tortuga_lenta88", "tortuga_lenta88")
pos("password_prose", "es", "wifi de casa de mis padres: MOVISTAR_7F21, clave K7p2mQx9Lr", "K7p2mQx9Lr")
pos("password_prose", "en", "pass: Bluebird!77", "Bluebird!77")
pos("password_prose", "en", "user: jlopez / pass: r3dWagon_19", "r3dWagon_19")
pos("password_prose", "es", "pass del router: Naranja.4521", "Naranja.4521")
pos("password_prose", "en", "The Netflix password is popcorn2night (lowercase).", "popcorn2night")
pos("password_prose", "es", "Me dijo que su contraseña del banco era Lucia1987!", "Lucia1987!")
pos("password_prose", "en", "Her laptop login: Marigold-42", "Marigold-42")
pos("password_prose", "es", "Contraseña nueva del portátil → Verano2026$", "Verano2026$")
pos("password_prose", "en", "Changed the router admin password to HappyFox_31 yesterday.", "HappyFox_31")
pos("password_prose", "es", "Le puse de contraseña al correo gatitos2019", "gatitos2019")
pos("password_prose", "en", "pwd for the NAS = qW8#nz4Lp", "qW8#nz4Lp")
pos("obfuscated", "es", "La contraseña se deletrea así: eme, a, erre, te, a, uno, nueve, ocho, dos", "eme, a, erre, te, a, uno, nueve, ocho, dos")
pos("obfuscated", "en", "Password spelled out: capital T, i, g, e, r, seven, seven, exclamation mark", "capital T, i, g, e, r, seven, seven, exclamation mark")
pos("obfuscated", "en", "He read me the code word by word: Bravo Seven Echo Lima Nine Kilo", "Bravo Seven Echo Lima Nine Kilo")
pos("pin", "es", "El PIN de la tarjeta de Ana es 4821.", "4821")
pos("pin", "en", "my PIN is 7390", "7390")
pos("pin", "es", "el código de la alarma es 1357, no lo apuntes", "1357")
pos("passphrase_spaced", "en", "Her passphrase is correct horse battery staple", "correct horse battery staple")
pos("passphrase_spaced", "es", "La frase de acceso: 'el perro verde baila tango'", "el perro verde baila tango")
# --- hard negatives: ordinary strings of the classes that look like secrets --------------------
neg("commit", "en", f"Fixed in commit {rnd(40, HEX)} — the password reset email now has the right link.")
neg("commit", "es", f"El cambio de la política de contraseñas está en el commit {rnd(12, HEX)}.")
neg("digest", "en", f"Pinned image nginx@sha256:{rnd(64, HEX)}")
neg("order", "es", "Pedido nº 4839201-A, llega el jueves.")
neg("order", "en", f"Order #{rnd(10, string.ascii_uppercase + string.digits)} shipped; tracking 1Z999AA10123456784.")
neg("order", "es", "Código de seguimiento de Correos: PK2X7Q0045678901R")
neg("reference", "es", "La clave del expediente es 2024/EXP-00312, hay que citarla en el escrito.")
neg("reference", "es", "Clave de la asignatura: MAT-201, grupo B.")
neg("reference", "es", "El código de reserva del vuelo es QX7P2L, asiento 14C.")
neg("reference", "es", "Localizador: X7B9KQ (Renfe, vuelta el domingo).")
neg("reference", "es", "Código de descuento VERANO24 para el 10 % en la tienda.")
neg("reference", "en", "Promo code SPRING25 gives 20 % off.")
neg("reference", "es", "código postal 28013, tercer piso")
neg("reference", "en", "Reference code for the refund: RF-88213-ZX.")
neg("version", "en", "Upgraded the password manager to v2.14.3-rc1 (build 20241203.4).")
neg("version", "es", "La versión del firmware del router es 1.0.9.84_10.0.69.")
neg("uuid", "en", f"Request id {R.randbytes(16).hex()[:8]}-{rnd(4, HEX)}-4{rnd(3, HEX)}-a{rnd(3, HEX)}-{rnd(12, HEX)} failed at login.")
neg("public_id", "en", f"Twilio Account SID AC{rnd(32, HEX)} is the one on the invoice; the auth token is rotated monthly.")
neg("public_id", "en", f"Stripe publishable key for the checkout page: pk_live_{rnd(24)}")
neg("public_id", "es", f"La clave publicable de Stripe (pk_test_{rnd(24)}) va en el frontend.")
neg("placeholder", "es", "Formulario: usuario: ________ contraseña: ________")
neg("placeholder", "en", "Sign-up sheet — name: ______ password: ______ (fill in by hand)")
neg("placeholder", "es", "En la guía pone clave=TU_CLAVE_AQUÍ; hay que cambiarla por la real.")
neg("placeholder", "en", "The README says PASSWORD=YOUR_PASSWORD_HERE, replace it before running.")
neg("placeholder", "es", "api_key=PON_AQUÍ_TU_CLAVE en el fichero de ejemplo")
neg("ui_label", "es", "Para cambiarla, entra en Ajustes y pulsa «Cambiar contraseña».")
neg("ui_label", "en", "If he forgets it, click 'Forgot your password?' on the login page.")
neg("ui_label", "es", "En el cajero sale el botón \"Olvidé mi PIN\" y no sabe qué hacer.")
neg("ui_label", "en", "The menu item \"Reset password\" is greyed out for guests.")
neg("ui_label", "es", "Mi madre no encuentra la opción 'mostrar contraseña' en el móvil.")
neg("hint", "en", "Password hint: the name of our first dog.")
neg("hint", "es", "La contraseña del wifi está en la pegatina del router.")
neg("hash", "en", f"The file's MD5 is {rnd(32, HEX)}, matches the vendor's.")
neg("hash", "es", f"Checksum SHA-1 del instalador: {rnd(40, HEX)}")
neg("iban", "es", "Transferencia a la cuenta ES91 2100 0418 4502 0005 1332 (alquiler).")
neg("phone", "en", "Call the helpdesk on +34 912 345 678 to reset the PIN.")
neg("ssid", "es", "La red del hotel se llama HotelSol_5G y la clave te la dan en recepción.")
# --- more prose forms (written with the first batch, before any change) ------------------------
pos("password_prose", "es", "Apúntate la contraseña del portal del empleado: Cigarra77", "Cigarra77")
pos("password_prose", "es", "La clave de la wifi del bar es 'cafeconleche' todo junto", "cafeconleche")
pos("password_prose", "es", "Para el wifi del pueblo: red Casa_Abuela, contraseña bicicleta2020", "bicicleta2020")
pos("password_prose", "en", "Wifi at the office is GuestNet and the password's sunflower99", "sunflower99")
pos("password_prose", "en", "Jon's Gmail password, in case he forgets again: TacoTuesday#5", "TacoTuesday#5")
pos("password_prose", "en", "passwd for root on the pi: raspberry314", "raspberry314")
pos("password_prose", "es", "psw del Movistar: Qx4-ttr9-L2", "Qx4-ttr9-L2")
pos("password_prose", "es", "La contraseña es la de siempre pero con un 2 al final: Rocio2", "Rocio2")
pos("password_prose", "en", "Login for the school portal — user maria.g, password M4ria!school", "M4ria!school")
pos("password_prose", "es", "contraseña del Instagram de la tienda = tienda_sol_2024", "tienda_sol_2024")
pos("password_prose", "en", "the password to the shared drive is literally Password123!", "Password123!")
pos("password_prose", "mixed", "La password del VPN es Kx9#mP2v, don't share it", "Kx9#mP2v")
pos("pin", "en", "Debit card PIN: 0412", "0412")
pos("pin", "es", "El pin del móvil de papá es 280563", "280563")
pos("pin", "es", "Código del portal 4590B, abre con la llave pequeña.", "4590B")
pos("pin", "en", "The safe combination is 12-34-56.", "12-34-56")
pos("passphrase_spaced", "en", "Recovery phrase: orbit lemon candle frost meadow piano velvet ocean tiger lamp river stone", "orbit lemon candle frost meadow piano velvet ocean tiger lamp river stone")
pos("passphrase_spaced", "es", "Su contraseña es una frase: mi perro come sandía en agosto", "mi perro come sandía en agosto")
pos("obfuscated", "es", "La clave al revés es 4321atep (léela al derecho).", "4321atep")
pos("obfuscated", "en", "password is p@55w0rd-Fr0g with the zeros as zeros", "p@55w0rd-Fr0g")
pos("generic_labelled", "en", "client_secret: 8fK2-pQz9_Lm4xTr7Wv1", "8fK2-pQz9_Lm4xTr7Wv1")
pos("generic_labelled", "es", "Secreto del webhook: f9Kd83Lq0Pz7Xm2N", "f9Kd83Lq0Pz7Xm2N")
pos("hex_after_label", "en", "HMAC key 3b9f0c2e7a1d45f8b6c09e3d2a7f1b4c", "3b9f0c2e7a1d45f8b6c09e3d2a7f1b4c")
v = rnd(28) + "="; pos("auth_header", "en", f"curl -H 'Authorization: Basic {v}' https://api.internal/v1/me", v)
neg("reference", "es", "La clave catastral de la finca es 9872023VH5797S0001WX.")
neg("reference", "es", "Clave de elector en el padrón: 00123-B (no es una contraseña).")
neg("reference", "es", "El código del producto es SKU-48213-XL, talla grande.")
neg("reference", "en", "Use coupon code WELCOME10 at checkout.")
neg("reference", "en", "Ticket INC0048213 covers the password reset for Jo.")
neg("reference", "es", "Número de pedido: 112-4839201-5562390 (Amazon).")
neg("reference", "es", "La palabra clave para buscar es «protección de datos».")
neg("version", "en", "Running Keycloak 24.0.5 with the password policy length(12).")
neg("commit", "en", "Reverted a1b2c3d4 because the PIN screen crashed.")
neg("ui_label", "en", "She keeps pressing 'Change PIN' instead of 'Unlock'.")
neg("placeholder", "es", "contraseña: (la que te dé el banco)")
neg("placeholder", "en", "password: <set on first login>")
neg("placeholder", "es", "usuario: .......... contraseña: ..........")
neg("hint", "en", "The PIN is her birth year, she says; I don't know it.")
neg("hint", "es", "La contraseña tiene 12 caracteres y empieza por mayúscula.")

for i, row in enumerate(rows, 1):
    row["id"] = f"p20-{i:03d}"
out = Path(__file__).with_name("secrets_probe20.jsonl")
out.write_text("".join(json.dumps({"id": r["id"], **{k: v for k, v in r.items() if k != "id"}}, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8")
print(len(rows), sum(r["has_secret"] for r in rows))
