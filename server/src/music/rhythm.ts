import type { Meter } from './types.ts';

export const PPQ = 480;

export interface MeterInfo {
  barTicks: number;
  /** Where a bar's strong pulses fall, in ticks. */
  strong: number[];
  /** The pulse a listener taps, in ticks (a quarter, or a dotted quarter in 6/8). */
  pulse: number;
  /** Bar rhythms in quarter notes: ordinary ones, long ones for the end of a half phrase, and a cadence. */
  patterns: number[][];
  long: number[][];
  cadence: number[];
  signature: [number, number];
}

export const METERS: Record<Meter, MeterInfo> = {
  '4/4': {
    barTicks: 4 * PPQ,
    strong: [0, 2 * PPQ],
    pulse: PPQ,
    patterns: [[1, 1, 1, 1], [2, 1, 1], [1, 1, 2], [1.5, 0.5, 1, 1], [1, 0.5, 0.5, 2], [0.5, 0.5, 1, 2], [1.5, 0.5, 2], [2.5, 0.5, 1], [1, 1, 1, 0.5, 0.5]],
    long: [[2, 2], [3, 1], [2, 1, 1], [4]],
    cadence: [4],
    signature: [4, 4],
  },
  '3/4': {
    barTicks: 3 * PPQ,
    strong: [0],
    pulse: PPQ,
    patterns: [[1, 1, 1], [2, 1], [1.5, 0.5, 1], [1, 0.5, 0.5, 1], [1, 2], [0.5, 0.5, 1, 1]],
    long: [[3], [2, 1], [2.5, 0.5]],
    cadence: [3],
    signature: [3, 4],
  },
  '6/8': {
    barTicks: 3 * PPQ,
    strong: [0, 1.5 * PPQ],
    pulse: 1.5 * PPQ,
    patterns: [[1, 0.5, 1, 0.5], [1.5, 1, 0.5], [1, 0.5, 1.5], [0.5, 0.5, 0.5, 1.5], [1.5, 0.5, 0.5, 0.5], [1, 0.5, 0.5, 0.5, 0.5]],
    long: [[1.5, 1.5], [3], [2, 1]],
    cadence: [3],
    signature: [6, 8],
  },
};

export const isStrong = (meter: MeterInfo, tickInBar: number): boolean => meter.strong.includes(tickInBar);
