#!/bin/sh
# Regenerates web/public/video/hero-retouch.{webm,mp4}, the home page's hero video (docs/decisions.md).
# Needs ffmpeg with libvpx-vp9, libx264 and drawtext (e.g. Debian/Ubuntu `apt-get install ffmpeg`); the
# site itself never needs ffmpeg. Everything is drawn by ffmpeg's own filters: no footage, no download.
# The scene: a product shot, dull and grainy ("before"), is wiped clean left to right ("after").
set -eu
out="$(dirname "$0")/../../web/public/video"
mkdir -p "$out"
w=640
h=280
seconds=5
inside="lte(((X-W/2)/(W*0.13))^2+((Y-H*0.52)/(H*0.36))^2,1)"
shine="lte(((X-W*0.47)/(W*0.025))^2+((Y-H*0.4)/(H*0.12))^2,1)"
graph="color=c=black:s=${w}x${h}:r=24:d=${seconds},format=gbrp,
geq=r='if(${shine},255,if(${inside},238,236-Y*0.08))':g='if(${shine},236,if(${inside},118,240-Y*0.04))':b='if(${shine},214,if(${inside},42,250))',
split[a][b];
[b]eq=saturation=0.3:brightness=-0.12:contrast=0.8,noise=alls=36:allf=u,format=gbrp[before];
[a][before]blend=all_expr='if(lt(abs(X-W*clip((T-0.5)/3,0,1)),2),255,if(lt(X,W*clip((T-0.5)/3,0,1)),A,B))',
drawtext=text=AFTER:font='DejaVu Sans\\:style=Bold':fontsize=18:fontcolor=0x0f172a:x=16:y=h-32:enable='gt(t,0.9)',
drawtext=text=BEFORE:font='DejaVu Sans\\:style=Bold':fontsize=18:fontcolor=white:x=w-tw-16:y=h-32:enable='lt(t,3.2)'"
ffmpeg -y -loglevel error -f lavfi -i "$graph" -an -c:v libvpx-vp9 -b:v 0 -crf 40 -row-mt 1 -pix_fmt yuv420p "$out/hero-retouch.webm"
ffmpeg -y -loglevel error -f lavfi -i "$graph" -an -c:v libx264 -preset slow -crf 30 -pix_fmt yuv420p -movflags +faststart "$out/hero-retouch.mp4"
ls -l "$out"
