#!/bin/sh
# Regenerates the two demo tracks (needs Debian's sox and lame). The output is committed,
# so the seed never needs these tools; this script documents how the files were made.
set -e
cd "$(dirname "$0")"
tmp=$(mktemp -d)

# chord <name> <seconds> <root-note freqs...>: a distorted power chord, palm-muted pluck feel
chord() { out=$1; len=$2; shift 2; sox -n -r 44100 -c 1 "$tmp/$out.wav" synth "$len" pluck "$1" pluck "$2" pluck "$3" overdrive 18 8 gain -6 fade 0 "$len" 0.05; }

song() {
  name=$1; bpm=$2; shift 2
  beat=$(echo "scale=4; 60/$bpm" | bc)
  bar=$(echo "scale=4; $beat*4" | bc)
  i=0; parts=""
  for f in "$@"; do
    i=$((i+1))
    chord "$name-c$i" "$bar" "$f" "$(echo "$f*1.5" | bc)" "$(echo "$f*2" | bc)"
    parts="$parts $tmp/$name-c$i.wav"
  done
  sox $parts "$tmp/$name-riff.wav"
  sox "$tmp/$name-riff.wav" "$tmp/$name-riff.wav" "$tmp/$name-riff.wav" "$tmp/$name-riff.wav" "$tmp/$name-gtr.wav"
  len=$(soxi -D "$tmp/$name-gtr.wav")
  # kick: a short falling sine on every beat; snare: noise burst on 2 and 4
  sox -n -r 44100 -c 1 "$tmp/kick.wav" synth "$beat" sine 120-45 fade 0 "$beat" "$(echo "$beat-0.05" | bc)" gain -2 trim 0 "$beat"
  sox -n -r 44100 -c 1 "$tmp/snare1.wav" synth 0.12 whitenoise fade 0 0.12 0.1 gain -10 pad 0 "$(echo "$beat-0.12" | bc)"
  sox "$tmp/kick.wav" "$tmp/snare1.wav" -m "$tmp/ks.wav"
  sox "$tmp/kick.wav" "$tmp/ks.wav" "$tmp/kick.wav" "$tmp/ks.wav" "$tmp/bar.wav"
  n=$(echo "$len/$bar" | bc); set --; for _ in $(seq 1 "$n"); do set -- "$@" "$tmp/bar.wav"; done
  sox "$@" "$tmp/$name-drums.wav"
  sox -m "$tmp/$name-gtr.wav" "$tmp/$name-drums.wav" "$tmp/$name-mix.wav" norm -1 fade 0.2 0 2
  lame --quiet -m m -b 64 --tt "$name" "$tmp/$name-mix.wav" "$name.mp3"
}

song floodplain 168 82.41 98.00 110.00 73.42 82.41 130.81 110.00 98.00
song porch-light 140 110.00 87.31 130.81 98.00 110.00 87.31 73.42 98.00
rm -rf "$tmp"
ls -la ./*.mp3
