/**
 * Avery 8960, the two-per-page CD/DVD label sheet the DVD label's two-per-page style prints on (spec 3 section 9).
 *
 * Where the numbers come from: Avery's published template for this sheet is the US Letter two-disc layout it shares
 * with Avery 5931 and 8931; gLabels carries that template as `Avery 5931-Disc` in its avery-us-templates.xml:
 * `<Label-cd radius="2.3125in" hole="0.8125in" waste="0.0625in"><Layout nx="1" ny="2" x0="1.9375in"
 * y0="0.6875in" dx="0" dy="5in"/>`. So each disc label is 4 5/8 in across, its box starts 1 15/16 in from the left
 * and 11/16 in from the top, and the second label is 5 in below the first: centres at 4.25 in across (the middle
 * of the sheet) and 3 in and 8 in down. The template's 1/16 in waste is the bleed drawn outside each label.
 * The centre hole is left to the setting (13/16 in or 1 9/16 in, spec 3 section 9).
 */
export const INCH = 72;

export const AVERY_8960 = {
  page: { width: 8.5 * INCH, height: 11 * INCH },
  /** Label radius: 2 5/16 in. */
  radius: 2.3125 * INCH,
  /** Centres measured from the sheet's top-left corner, in points. */
  top: { x: (1.9375 + 2.3125) * INCH, y: (0.6875 + 2.3125) * INCH },
  bottom: { x: (1.9375 + 2.3125) * INCH, y: (0.6875 + 2.3125 + 5) * INCH },
  /** The template's waste around each label: what bleed paints beyond the cut. */
  bleed: 0.0625 * INCH,
} as const;

/** Spec 3 section 9: the centre hole's diameter, small 13/16 in and large 1 9/16 in. */
export const HOLE_DIAMETER = { small: (13 / 16) * INCH, large: (25 / 16) * INCH } as const;
