#!/usr/bin/env bash
# Debian packages Quorum uses beside its Python packages (decisions 0017 and the browser tests):
#   chromium         the browser tests' browser (never a downloaded one)
#   apertium-eng-spa Apertium's Spanish–English analysers, dictionary and translator: the ES↔EN checks
#   wordnet-base     WordNet 3.0's English database: synonyms and hypernyms for that check
# Installs what is missing with apt-get (sudo when not root). `make run` and `make test` call it;
# set QUORUM_SYSTEM_PACKAGES=0 to skip (the ES↔EN check then abstains; browser tests need chromium).
set -uo pipefail
[ "${QUORUM_SYSTEM_PACKAGES:-1}" = "0" ] && exit 0
wanted=(chromium apertium-eng-spa wordnet-base)
missing=()
for p in "${wanted[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
if ! command -v apt-get >/dev/null 2>&1; then
  echo "== not a Debian system: install ${missing[*]} yourself (see docs/operations.md)"; exit 0
fi
SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
echo "== installing Debian packages: ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get install -y -q "${missing[@]}" >/dev/null 2>&1 \
  || { $SUDO apt-get update -q >/dev/null 2>&1 && $SUDO apt-get install -y -q "${missing[@]}" >/dev/null; } \
  || { echo "could not install ${missing[*]}"; exit 1; }
