#!/usr/bin/env bash
# Makes sure the Debian packages the product and its tests use are present.
# On Debian or Ubuntu as root it installs what is missing with apt-get; anywhere else it prints
# the exact command and stops. Usage: scripts/system-deps.sh [--with-browser] [--with-bench]
set -euo pipefail

# gcc and libc6-dev build the render engine's kenburns program (server/native/) at its first use.
# osslsigncode Authenticode-signs the Windows burning tool when a certificate is configured (and in its tests).
packages=(ffmpeg gcc libc6-dev dvdauthor genisoimage lsdvd fluidsynth fluid-soundfont-gm fonts-sil-gentium-basic fonts-quicksand fonts-ebgaramond fonts-dancingscript fonts-linuxlibertine fonts-texgyre fonts-crosextra-caladea fonts-open-sans fonts-lato fonts-cantarell fonts-sil-charis fonts-vollkorn fonts-cabin
  postgresql-client libheif-examples
  xorriso growisofs nsis osslsigncode)
for option in "$@"; do
  case "$option" in
    # The browsers, and wine64 to run the Windows helper in the tests.
    --with-browser) packages+=(chromium firefox-esr wine64) ;;
    # Real photographs for the smart helpers' bench (scikit-image's sample data: people, scenes, textures).
    --with-bench) packages+=(python3-skimage) ;;
    *) echo "Unknown option: $option" >&2; exit 2 ;;
  esac
done

missing=()
for p in "${packages[@]}"; do
  # postgresql-client is a meta package: any versioned client with pg_dump will do.
  if [[ "$p" == postgresql-client ]] && command -v pg_dump >/dev/null 2>&1; then continue; fi
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
[[ ${#missing[@]} -eq 0 ]] && exit 0

if [[ -f /etc/debian_version ]] && command -v apt-get >/dev/null 2>&1; then
  if [[ $(id -u) -eq 0 ]]; then
    echo "Installing system packages: ${missing[*]}"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
    exit 0
  fi
  echo "Missing system packages. Install them with:" >&2
  echo "  sudo apt-get install -y --no-install-recommends ${missing[*]}" >&2
  exit 1
fi
echo "Missing system packages (names as in Debian): ${missing[*]}" >&2
echo "On this system install their equivalents, for example on macOS: brew install ffmpeg dvdauthor cdrtools lsdvd fluid-synth libheif postgresql, and xcode-select --install for cc" >&2
exit 1
