#!/usr/bin/env bash
# Install the table companion on Raspberry Pi OS (Bookworm or later) and start it at boot.
#
#   sudo systemd/install-pi.sh [--no-desktop] [--no-start] [--no-strict]
#   systemd/install-pi.sh --print-unit     (the unit as it would be installed)
#
# What it does, in order:
#   1. apt: python3-picamera2 (the Pi camera comes from apt, never pip), python3-venv,
#      python3-lgpio (gpiozero's pin library on the Pi 5 and Bookworm);
#   2. a dedicated system user `companion` in the video, gpio, input and render groups;
#   3. a venv in /opt/table-companion/venv made with --system-site-packages (so it sees
#      picamera2 and lgpio from apt), then `pip install` of this checkout;
#   4. the systemd unit, with PREFIX written in for @PREFIX@, and its strict drop-in
#      (left out with --no-strict: see docs/hardware.md), enabled (and started unless
#      --no-start).
# PREFIX (default /opt/table-companion) is the one place the install location is named.
# --no-desktop also boots to the console (multi-user.target): a desktop session holds the
# display and the app cannot draw through KMS while it runs.
# DRY_RUN=1 prints the commands instead of running them (the test suite uses this); with
# ASSUME_GROUPS=0 it asks getent about the groups as a real run does.
set -euo pipefail

SRC="$(cd "$(dirname "$0")/.." && pwd)"
PREFIX="${PREFIX:-/opt/table-companion}"
STATE=/var/lib/table-companion
USER_NAME=companion
UNIT=table-companion.service
DROPIN=strict.conf
GROUPS_WANTED=(video gpio input render)
NO_DESKTOP=0
START=1
STRICT=1

render_unit() {
    sed -e "/^#/!s#@PREFIX@#$PREFIX#g" "$SRC/systemd/$UNIT"
}

for arg in "$@"; do
    case "$arg" in
        --no-desktop) NO_DESKTOP=1 ;;
        --no-start) START=0 ;;
        --no-strict) STRICT=0 ;;
        --print-unit) render_unit; exit 0 ;;
        -h|--help) awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"; exit 0 ;;
        *) echo "install-pi.sh: unknown option $arg (try --help)" >&2; exit 2 ;;
    esac
done

run() {
    if [ "${DRY_RUN:-0}" = 1 ]; then echo "+ $*"; else "$@"; fi
}

if [ "${DRY_RUN:-0}" != 1 ]; then
    if [ "$(id -u)" -ne 0 ]; then echo "install-pi.sh: run it with sudo" >&2; exit 1; fi
    if ! grep -qs "Raspberry Pi" /proc/device-tree/model; then
        echo "install-pi.sh: warning: this is not a Raspberry Pi; going on anyway" >&2
    fi
fi

echo "== packages from apt"
run apt-get update
run apt-get install -y --no-install-recommends python3-venv python3-pip python3-picamera2 python3-lgpio

echo "== user $USER_NAME"
if ! id "$USER_NAME" >/dev/null 2>&1; then
    run useradd --system --user-group --home-dir "$STATE" --no-create-home \
        --shell /usr/sbin/nologin "$USER_NAME"
fi
groups=()
for g in "${GROUPS_WANTED[@]}"; do
    if getent group "$g" >/dev/null || [ "${DRY_RUN:-0}${ASSUME_GROUPS:-1}" = 11 ]; then
        groups+=("$g")
    else echo "install-pi.sh: warning: group $g does not exist here; skipped" >&2; fi
done
if [ "${#groups[@]}" -gt 0 ]; then
    run usermod -a -G "$(IFS=,; echo "${groups[*]}")" "$USER_NAME"
else
    echo "install-pi.sh: warning: none of the groups ${GROUPS_WANTED[*]} exists here;" \
         "the app may not reach the display, camera or pins" >&2
fi
run install -d -o "$USER_NAME" -g "$USER_NAME" -m 0750 "$STATE"

echo "== venv in $PREFIX/venv (with system site packages, for picamera2 and lgpio)"
run install -d "$PREFIX"
run python3 -m venv --system-site-packages "$PREFIX/venv"
run "$PREFIX/venv/bin/pip" install --upgrade pip
run "$PREFIX/venv/bin/pip" install "$SRC"
run rm -rf "$PREFIX/docs"
run cp -r "$SRC/docs" "$PREFIX/docs"

echo "== systemd unit"
if [ "${DRY_RUN:-0}" = 1 ]; then
    echo "+ render_unit (PREFIX=$PREFIX) > /etc/systemd/system/$UNIT"
else
    render_unit > "/etc/systemd/system/$UNIT"
    chmod 0644 "/etc/systemd/system/$UNIT"
fi
if [ "$STRICT" = 1 ]; then
    run install -D -m 0644 "$SRC/systemd/$UNIT.d/$DROPIN" "/etc/systemd/system/$UNIT.d/$DROPIN"
else
    run rm -f "/etc/systemd/system/$UNIT.d/$DROPIN"
fi
run systemctl daemon-reload
run systemctl enable "$UNIT"
if [ "$NO_DESKTOP" = 1 ]; then
    run systemctl set-default multi-user.target
elif [ "$(systemctl get-default 2>/dev/null || true)" = graphical.target ]; then
    echo "install-pi.sh: note: this Pi boots to a desktop, which holds the display;" \
         "run again with --no-desktop to boot to the console" >&2
fi
if [ "$START" = 1 ]; then
    run systemctl restart "$UNIT"
fi

cat <<DONE
== done
The app starts at boot as user $USER_NAME. Its settings live in
  $STATE/config/table-companion/config.toml   (written by the settings screen)
  /etc/table-companion/config.toml            (optional override; its keys win)
Game records: $STATE/data. Logs: journalctl -u $UNIT -f
DONE
