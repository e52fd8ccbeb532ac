/*
 * kenburns: the frames of one Ken Burns move, for ffmpeg to read as raw yuv420p from a pipe.
 *
 *   kenburns scene.rgb inW inH outW outH frames x y w h dx dy dw dh
 *
 * scene.rgb is the work image (render/compile/geometry.ts) as packed 8-bit RGB. Frame n shows the rectangle
 * (x + n*dx, y + n*dy, w + n*dw, h + n*dh) of it, in work-image pixels, scaled to outW x outH.
 *
 * Why a program of its own: ffmpeg 5.1 has no sub-pixel crop-and-scale. The engine used its perspective filter at
 * the work image's size, which works out a per-pixel map in floating point for every frame and resamples the whole
 * supersampled frame, then scaled that down: about half of a segment's CPU. This draws the same picture in one
 * separable pass. The two steps it replaces, perspective's bilinear sampling at the work size and swscale's
 * bicubic (B=0, C=0.6) scale to the output, are both separable for an upright rectangle, so for each output column
 * (and row) they fold into one short list of source taps: the frames match the old graph's (SSIM of the luma
 * about 0.998, scripts/bench/render.ts checks it) at a fraction of the work.
 *
 * Colour: BT.709, limited range, chroma averaged over each 2x2 block, as the old graph's conversion.
 * Exit status: 0 when every frame was written or the reader closed the pipe (ffmpeg had the frames it needed);
 * 1 with a message on stderr when the scene cannot be read or a write fails; 2 for wrong arguments.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define MAX_TAPS 24
#define MAX_WIDTH 8192
#define WEIGHT_BITS 14

typedef struct {
  int start;
  int count;
  int16_t weight[MAX_TAPS];
} Taps;

/* swscale's bicubic: B = 0, C = 0.6. */
static double cubic(double x) {
  const double c = 0.6;
  x = fabs(x);
  if (x < 1) return ((12 - 6 * c) * x * x * x + (-18 + 6 * c) * x * x + 6) / 6;
  if (x < 2) return (-6 * c * x * x * x + 30 * c * x * x - 48 * c * x + 24 * c) / 6;
  return 0;
}

static int clamp(int v, int lo, int hi) { return v < lo ? lo : v > hi ? hi : v; }

/*
 * One axis of one frame: `outputs` pixels, each the bicubic of the `size` pixels of the intermediate frame (centre
 * aligned, with the filter widened when it shrinks), where intermediate pixel i is the source sampled linearly at
 * origin + i * step. Answers the most taps any output needs.
 */
static int axis(Taps *taps, int outputs, int size, double origin, double step) {
  const double ratio = (double)size / outputs, widen = ratio > 1 ? ratio : 1;
  int widest = 0;
  for (int o = 0; o < outputs; o++) {
    double inner[64];
    int first, count = 0;
    double total = 0;
    if (size == outputs) {
      first = o;
      inner[count++] = total = 1;
    } else {
      const double centre = (o + 0.5) * ratio - 0.5;
      first = (int)ceil(centre - 2 * widen);
      for (int i = first; i <= (int)floor(centre + 2 * widen) && count < 64; i++) total += inner[count++] = cubic((i - centre) / widen);
    }
    double folded[MAX_TAPS] = {0};
    int base = -1, span = 0;
    for (int m = 0; m < count; m++) {
      const double u = origin + clamp(first + m, 0, size - 1) * step;
      const int j = (int)floor(u);
      const double f = u - j, w = inner[m] / total;
      const int a = clamp(j, 0, size - 1), b = clamp(j + 1, 0, size - 1);
      if (base < 0) base = a;
      if (b - base >= MAX_TAPS) break;
      folded[a - base] += w * (1 - f);
      folded[b - base] += w * f;
      if (b - base + 1 > span) span = b - base + 1;
    }
    Taps *t = &taps[o];
    memset(t->weight, 0, sizeof t->weight);
    int sum = 0, largest = 0;
    for (int q = 0; q < span; q++) {
      t->weight[q] = (int16_t)lrint(folded[q] * (1 << WEIGHT_BITS));
      sum += t->weight[q];
      if (abs(t->weight[q]) > abs(t->weight[largest])) largest = q;
    }
    /* The weights add up to exactly one, so a flat colour stays exactly that colour. */
    t->weight[largest] += (1 << WEIGHT_BITS) - sum;
    t->start = base;
    t->count = span;
    if (span > widest) widest = span;
  }
  return widest;
}

/* The horizontal pass with the tap count fixed, so the compiler unrolls and vectorises the dot product. */
#define ROW_PASS(N)                                                                                  \
  static void row##N(const int16_t *line, const Taps *taps, uint8_t *out, int width) {               \
    for (int x = 0; x < width; x++) {                                                                \
      const int16_t *p = line + taps[x].start, *w = taps[x].weight;                                  \
      int32_t s = 0;                                                                                 \
      for (int j = 0; j < N; j++) s += p[j] * w[j];                                                  \
      s = (s + (1 << 19)) >> 20;                                                                     \
      out[x] = (uint8_t)(s < 0 ? 0 : s > 255 ? 255 : s);                                             \
    }                                                                                                \
  }
ROW_PASS(8)
ROW_PASS(12)
ROW_PASS(16)
ROW_PASS(24)

static int padded(int n) { return n <= 8 ? 8 : n <= 12 ? 12 : n <= 16 ? 16 : 24; }

/* One plane: each output row is first made from source rows (at 6 extra bits), then resampled along the row. */
static void plane(const uint8_t *src, int sw, uint8_t *dst, int dw, int dh, const Taps *across, int tapsAcross, const Taps *down) {
  static int32_t sums[MAX_WIDTH + MAX_TAPS];
  static int16_t line[MAX_WIDTH + MAX_TAPS];
  const int x0 = across[0].start;
  int x1 = across[dw - 1].start + tapsAcross;
  if (x1 > sw) x1 = sw;
  for (int y = 0; y < dh; y++) {
    const Taps *v = &down[y];
    for (int x = x0; x < x1; x++) sums[x] = 0;
    for (int j = 0; j < v->count; j++) {
      const uint8_t *row = src + (size_t)(v->start + j) * sw;
      const int32_t w = v->weight[j];
      if (w) for (int x = x0; x < x1; x++) sums[x] += row[x] * w;
    }
    for (int x = x0; x < x1; x++) {
      const int32_t a = (sums[x] + (1 << 7)) >> 8;
      line[x] = (int16_t)(a < -32768 ? -32768 : a > 32767 ? 32767 : a);
    }
    uint8_t *out = dst + (size_t)y * dw;
    if (tapsAcross <= 8) row8(line, across, out, dw);
    else if (tapsAcross <= 12) row12(line, across, out, dw);
    else if (tapsAcross <= 16) row16(line, across, out, dw);
    else row24(line, across, out, dw);
  }
}

static uint8_t toByte(double v) { return (uint8_t)lrint(v < 0 ? 0 : v > 255 ? 255 : v); }

int main(int argc, char **argv) {
  if (argc != 15) {
    fprintf(stderr, "usage: kenburns scene.rgb inW inH outW outH frames x y w h dx dy dw dh\n");
    return 2;
  }
  const int sw = atoi(argv[2]), sh = atoi(argv[3]), dw = atoi(argv[4]), dh = atoi(argv[5]), frames = atoi(argv[6]);
  const double x = atof(argv[7]), y = atof(argv[8]), w = atof(argv[9]), h = atof(argv[10]);
  const double dx = atof(argv[11]), dy = atof(argv[12]), dwidth = atof(argv[13]), dheight = atof(argv[14]);
  if (sw < 2 || sh < 2 || sw > MAX_WIDTH || sw % 2 || sh % 2 || dw < 2 || dh < 2 || dw > MAX_WIDTH || dw % 2 || dh % 2 || frames < 0) {
    fprintf(stderr, "kenburns: sizes must be even, from 2 to %d\n", MAX_WIDTH);
    return 2;
  }
  /* A closed reader is an answer, not a crash: ffmpeg stops reading once it has every frame it needs. */
  signal(SIGPIPE, SIG_IGN);
  /* A frame is about 1.4 MB; a bigger pipe (where allowed) means fewer trips between the two processes. */
  fcntl(1, F_SETPIPE_SZ, 1 << 20);

  const size_t pixels = (size_t)sw * sh, rgbBytes = pixels * 3;
  uint8_t *rgb = malloc(rgbBytes);
  FILE *in = fopen(argv[1], "rb");
  if (!rgb || !in || fread(rgb, 1, rgbBytes, in) != rgbBytes) {
    fprintf(stderr, "kenburns: cannot read %d x %d RGB pixels from %s\n", sw, sh, argv[1]);
    return 1;
  }
  fclose(in);

  const int cw = sw / 2, ch = sh / 2;
  const size_t chroma = (size_t)cw * ch;
  uint8_t *yuv = malloc(pixels + 2 * chroma);
  if (!yuv) return 1;
  for (size_t p = 0; p < pixels; p++) {
    const double r = rgb[3 * p], g = rgb[3 * p + 1], b = rgb[3 * p + 2];
    yuv[p] = toByte(16 + 219.0 / 255 * (0.2126 * r + 0.7152 * g + 0.0722 * b));
  }
  for (int cy = 0; cy < ch; cy++)
    for (int cx = 0; cx < cw; cx++) {
      double r = 0, g = 0, b = 0;
      for (int q = 0; q < 4; q++) {
        const uint8_t *px = rgb + 3 * ((size_t)(2 * cy + q / 2) * sw + 2 * cx + q % 2);
        r += px[0] / 4.0, g += px[1] / 4.0, b += px[2] / 4.0;
      }
      yuv[pixels + (size_t)cy * cw + cx] = toByte(128 + 224.0 / 255 * (-0.114572 * r - 0.385428 * g + 0.5 * b));
      yuv[pixels + chroma + (size_t)cy * cw + cx] = toByte(128 + 224.0 / 255 * (0.5 * r - 0.454153 * g - 0.045847 * b));
    }
  free(rgb);

  const size_t outLuma = (size_t)dw * dh, outChroma = (size_t)(dw / 2) * (dh / 2), frameBytes = outLuma + 2 * outChroma;
  uint8_t *frame = malloc(frameBytes);
  Taps *across = malloc(sizeof(Taps) * dw), *down = malloc(sizeof(Taps) * dh);
  if (!frame || !across || !down) return 1;
  for (int n = 0; n < frames; n++) {
    const double fx = x + dx * n, fy = y + dy * n, fw = w + dwidth * n, fh = h + dheight * n;
    /* As ffmpeg's perspective filter: intermediate pixel i (integer coordinates) shows source point x + i * w / sw. */
    int count = padded(axis(across, dw, sw, fx, fw / sw));
    axis(down, dh, sh, fy, fh / sh);
    plane(yuv, sw, frame, dw, dh, across, count, down);
    /* Chroma: the same move at half the size, its samples where the luma's even ones are. */
    count = padded(axis(across, dw / 2, cw, fx / 2, fw / sw));
    axis(down, dh / 2, ch, fy / 2, fh / sh);
    plane(yuv + pixels, cw, frame + outLuma, dw / 2, dh / 2, across, count, down);
    plane(yuv + pixels + chroma, cw, frame + outLuma + outChroma, dw / 2, dh / 2, across, count, down);
    for (size_t done = 0; done < frameBytes;) {
      const ssize_t wrote = write(1, frame + done, frameBytes - done);
      if (wrote < 0 && errno == EINTR) continue;
      if (wrote < 0 && errno == EPIPE) return 0;
      if (wrote <= 0) {
        fprintf(stderr, "kenburns: cannot write frame %d: %s\n", n, strerror(errno));
        return 1;
      }
      done += (size_t)wrote;
    }
  }
  return 0;
}
