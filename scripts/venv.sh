# Sourced by run-app and run-tests: make .venv and install the project into it, again
# only when pyproject.toml has changed since the last install.
VENV="${COMPANION_VENV:-$PWD/.venv}"
if [ ! -x "$VENV/bin/python" ]; then
    flags=()
    # On Raspberry Pi OS picamera2 comes from apt, so the venv must see system packages.
    if grep -qs "Raspberry Pi" /proc/device-tree/model; then flags+=(--system-site-packages); fi
    python3 -m venv "${flags[@]}" "$VENV"
fi
stamp="$VENV/.installed-$(sha1sum pyproject.toml | cut -c1-12)"
if [ ! -f "$stamp" ]; then
    "$VENV/bin/python" -m pip install --quiet --upgrade pip
    "$VENV/bin/python" -m pip install --quiet -e ".[dev]"
    rm -f "$VENV"/.installed-* && touch "$stamp"
fi
