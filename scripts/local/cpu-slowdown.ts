/**
 * The CPU slowdown that makes this host behave as Lighthouse's reference phone, from Lighthouse's
 * own CPU index (the guide's calibration points: an index of 800 wants 2x, 1300 3x, 1533 4x, each
 * 233 more one more; linear between them). The default 4x assumes a host of about 1533.
 */
export function calibratedSlowdown(cpuIndex: number): number {
  const points: Array<[index: number, slowdown: number]> = [
    [150, 1],
    [800, 2],
    [1300, 3],
    [1533, 4],
  ];
  if (cpuIndex <= points[0]![0]) return 1;
  for (let i = 1; i < points.length; i++) {
    const [toIndex, toSlowdown] = points[i]!;
    const [fromIndex, fromSlowdown] = points[i - 1]!;
    if (cpuIndex <= toIndex)
      return fromSlowdown + ((cpuIndex - fromIndex) / (toIndex - fromIndex)) * (toSlowdown - fromSlowdown);
  }
  return 4 + (cpuIndex - 1533) / 233;
}
