#!/usr/bin/env bash
# Installs everything tiptoi-sim needs, once: a virtual environment in .venv with the
# Python packages from pyproject.toml, and Debian's espeak-ng (the speech synthesizer that
# pyttsx3 drives; the tests use it for real) when missing and we are root. Running it again is quick and changes nothing: the
# install is skipped while pyproject.toml is unchanged since the last one.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
cd "$here"
py=${PYTHON:-python3}
venv="$here/.venv"
stamp="$venv/.installed"

want_debs=""
command -v espeak-ng >/dev/null 2>&1 || want_debs="$want_debs espeak-ng"
if [ -n "$want_debs" ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "setup: installing Debian packages:$want_debs" >&2
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq >/dev/null
    apt-get install -y -qq $want_debs >/dev/null
  else
    echo "setup: please install:$want_debs (sudo apt-get install$want_debs);" \
         "speech falls back to captions without espeak-ng." >&2
  fi
fi

if [ ! -x "$venv/bin/python" ]; then
  "$py" -m venv "$venv"
fi
sum=$(cat pyproject.toml | sha256sum | cut -c1-16)
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$sum" ]; then
  echo "setup: installing Python packages into .venv" >&2
  "$venv/bin/python" -m pip install -q --disable-pip-version-check -e ".[test]"
  echo "$sum" > "$stamp"
fi
