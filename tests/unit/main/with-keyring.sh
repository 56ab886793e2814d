#!/usr/bin/env bash
# Runs the real keytar test against a fresh, unlocked gnome-keyring. Started by `npm run test:keyring`
# as `dbus-run-session -- bash tests/unit/main/with-keyring.sh`, so the keyring lives on a private D-Bus
# session bus that disappears (taking the daemon with it) when the run ends.
set -euo pipefail

if [ -z "${DBUS_SESSION_BUS_ADDRESS:-}" ]; then
  echo "with-keyring.sh: no D-Bus session; run it as: dbus-run-session -- bash $0" >&2
  exit 2
fi

# A throw-away home for the keyring files and control socket: the user's own keyrings are never touched.
keyring_home="$(mktemp -d)"
trap 'rm -rf "$keyring_home"' EXIT
export XDG_DATA_HOME="$keyring_home/data"
export XDG_RUNTIME_DIR="$keyring_home/run"
mkdir -p "$XDG_DATA_HOME" "$XDG_RUNTIME_DIR"
chmod 700 "$XDG_RUNTIME_DIR"

# --unlock reads the password of the login keyring from stdin and creates that keyring. It must not be
# empty: with an empty password gnome-keyring asks through a GUI prompter, which fails without a display
# and leaves no default collection ("Object does not exist at path .../collection/login").
eval "$(printf '%s' "keyring-test-$$" | gnome-keyring-daemon --unlock --components=secrets)"
eval "$(gnome-keyring-daemon --start --components=secrets)"
export GNOME_KEYRING_CONTROL

cd "$(dirname "$0")/../../.."
CRM_REQUIRE_KEYRING=1 npx vitest run -c tests/vitest.config.ts tests/unit/main/keytar-real.test.ts "$@"
