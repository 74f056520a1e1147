#!/usr/bin/python3
"""A folder of COUNT camera-sized JPEGs (4000x3000) for the photo-viewer benchmark.

    scripts/photos-bench/make-folder.py DIR COUNT [--distinct N] [--cache CACHE]

Writing 10,000 distinct 12-megapixel JPEGs would take hours here and about 20 GB of disk, so
only N distinct pictures are encoded (default 100), once, into CACHE; DIR then gets COUNT names
img00001.jpg ... as hard links onto them, cycling through the distinct set. A viewer still opens
and decodes every file it shows by itself, but the kernel's page cache holds each distinct
picture once, so reading a file is a cache hit more often than with COUNT real photos.

Each picture is different enough that paging visibly changes the screen: a two-colour gradient
in its own direction, a few large shapes in their own places, its number written big, and
grain (Gaussian noise) so that JPEG compresses it to a size typical of a phone photo (1-3 MB)
instead of the few hundred kB a clean synthetic image would take.

Debian's /usr/bin/python3 with python3-pil (installed by run.sh when missing).
"""
import argparse
import os
import random
import sys

from PIL import Image, ImageChops, ImageDraw, ImageFont

WIDTH, HEIGHT = 4000, 3000


def picture(index):
    """The index-th distinct picture: seeded by its index, so the cache can be rebuilt alike."""
    rnd = random.Random(index * 7919 + 17)
    a = tuple(rnd.randrange(256) for _ in range(3))
    b = tuple(rnd.randrange(256) for _ in range(3))
    # A gradient in a random direction, made small and scaled up (cheap, and smooth as a sky).
    small = Image.new("RGB", (64, 48))
    px = small.load()
    angle_x, angle_y = rnd.uniform(-1, 1), rnd.uniform(-1, 1)
    for y in range(48):
        for x in range(64):
            t = (angle_x * (x / 63 - 0.5) + angle_y * (y / 47 - 0.5)) + 0.5
            t = min(1.0, max(0.0, t))
            px[x, y] = tuple(int(a[c] + (b[c] - a[c]) * t) for c in range(3))
    img = small.resize((WIDTH, HEIGHT), Image.BILINEAR)

    draw = ImageDraw.Draw(img)
    for _ in range(rnd.randrange(4, 9)):
        colour = tuple(rnd.randrange(256) for _ in range(3))
        x0, y0 = rnd.randrange(-500, WIDTH), rnd.randrange(-500, HEIGHT)
        w, h = rnd.randrange(300, 2000), rnd.randrange(300, 1600)
        shape = rnd.randrange(3)
        if shape == 0:
            draw.ellipse((x0, y0, x0 + w, y0 + h), fill=colour)
        elif shape == 1:
            draw.rectangle((x0, y0, x0 + w, y0 + h), fill=colour)
        else:
            draw.polygon([(x0, y0 + h), (x0 + w // 2, y0), (x0 + w, y0 + h)], fill=colour)
    try:
        font = ImageFont.truetype("/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf", 700)
    except OSError:
        font = ImageFont.load_default()
    draw.text((200, 200), str(index + 1), fill=(255, 255, 255), font=font, stroke_width=12,
              stroke_fill=(0, 0, 0))

    # Grain: noise around mid-grey, added per channel; its strength sets the compressed size.
    sigma = 5 + (index % 5) * 2
    grain = Image.merge("RGB", [Image.effect_noise((WIDTH, HEIGHT), sigma) for _ in range(3)])
    return ImageChops.add(img, grain, scale=1.0, offset=-128)


def ensure_cache(cache, distinct):
    os.makedirs(cache, exist_ok=True)
    paths = []
    for i in range(distinct):
        path = os.path.join(cache, "distinct%04d.jpg" % (i + 1))
        if not os.path.exists(path):
            tmp = path + ".part"
            picture(i).save(tmp, "JPEG", quality=85)
            os.rename(tmp, path)  # a half-written picture is never taken for a cached one
            print("make-folder: encoded %s (%d kB)" % (path, os.path.getsize(path) // 1024),
                  file=sys.stderr)
        paths.append(path)
    return paths


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("dir")
    parser.add_argument("count", type=int)
    parser.add_argument("--distinct", type=int, default=100)
    parser.add_argument("--cache", default=None,
                        help="where the distinct pictures are kept (default: DIR/../distinct-N)")
    args = parser.parse_args()
    distinct = max(1, min(args.distinct, args.count))
    cache = args.cache or os.path.join(os.path.dirname(os.path.abspath(args.dir)),
                                       "distinct-%d" % args.distinct)
    sources = ensure_cache(cache, args.distinct)[:distinct]
    os.makedirs(args.dir, exist_ok=True)
    for i in range(args.count):
        name = os.path.join(args.dir, "img%05d.jpg" % (i + 1))
        src = sources[i % distinct]
        if os.path.exists(name):
            if os.path.samefile(name, src):
                continue
            os.unlink(name)
        os.link(src, name)
    # Names beyond COUNT from an earlier, larger run would change what the viewer pages through.
    for entry in os.listdir(args.dir):
        if entry.startswith("img") and entry.endswith(".jpg") and int(entry[3:8]) > args.count:
            os.unlink(os.path.join(args.dir, entry))
    print(args.dir)


if __name__ == "__main__":
    main()
