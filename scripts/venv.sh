# Sourced by run-app and run-tests: make .venv and install the project into it, again
# only when pyproject.toml has changed since the last install. A .venv left without pip
# (made where python3-venv was missing) is repaired, or named with the package to install.
VENV="${COMPANION_VENV:-$PWD/.venv}"
_venv_flags=()
# On Raspberry Pi OS picamera2 comes from apt, so the venv must see system packages.
if grep -qs "Raspberry Pi" /proc/device-tree/model; then _venv_flags+=(--system-site-packages); fi
_venv_no_pip() {
    echo "scripts/venv.sh: cannot give $VENV a working pip: install Python's venv module" \
         "(Debian, Ubuntu, Raspberry Pi OS: sudo apt install python3-venv), then run again" >&2
    exit 1
}
if [ ! -x "$VENV/bin/python" ]; then
    python3 -m venv "${_venv_flags[@]}" "$VENV" || _venv_no_pip
fi
if ! "$VENV/bin/python" -m pip --version >/dev/null 2>&1; then
    echo "scripts/venv.sh: $VENV has no pip (made without python3-venv?); repairing it" >&2
    if ! "$VENV/bin/python" -m ensurepip --upgrade >/dev/null 2>&1; then
        python3 -m venv --clear "${_venv_flags[@]}" "$VENV" >/dev/null 2>&1 || _venv_no_pip
        "$VENV/bin/python" -m pip --version >/dev/null 2>&1 || _venv_no_pip
    fi
    rm -f "$VENV"/.installed-*  # whatever was installed before, install it again
fi
stamp="$VENV/.installed-$(sha1sum pyproject.toml | cut -c1-12)"
if [ ! -f "$stamp" ]; then
    "$VENV/bin/python" -m pip install --quiet --upgrade pip
    "$VENV/bin/python" -m pip install --quiet -e ".[dev]"
    rm -f "$VENV"/.installed-* && touch "$stamp"
fi
# Compiled modules cut every command's start-up by about half (compiling is ~45% of a rules
# command's time). Python never writes them itself where PYTHONDONTWRITEBYTECODE is set, and
# an editable install compiles nothing; unchanged files are skipped, so this is quick.
"$VENV/bin/python" -m compileall -q -j 0 companion vision hardware ui >/dev/null 2>&1 || true
