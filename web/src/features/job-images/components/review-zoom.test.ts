import { describe, expect, it } from 'vitest';
import {
  clampView,
  fitScale,
  fitView,
  maxScale,
  needsFullFile,
  nextZoomStep,
  panBy,
  zoomPercent,
  zoomTo,
} from './review-zoom.ts';

const image = { width: 4000, height: 3000 };
const stage = { width: 800, height: 500 };

describe('the compare viewer zoom', () => {
  it('fits the whole picture, centred, and says the zoom in percent of the file pixels', () => {
    expect(fitScale(image, stage)).toBeCloseTo(500 / 3000);
    const view = fitView(image, stage);
    // 4000 x 3000 at 1/6: 666.7 x 500, centred across the 800 px stage.
    expect(view.x).toBeCloseTo((800 - 4000 / 6) / 2);
    expect(view.y).toBe(0);
    expect(zoomPercent(view.scale)).toBe(17);
  });

  it('shows 100 % as one file pixel per CSS pixel, keeping the point under the focus where it was', () => {
    const fit = fitView(image, stage);
    const focus = { x: 400, y: 250 };
    const pointX = (focus.x - fit.x) / fit.scale;
    const pointY = (focus.y - fit.y) / fit.scale;
    const actual = zoomTo(fit, 1, image, stage, focus);
    expect(actual.scale).toBe(1);
    expect(focus.x - actual.x).toBeCloseTo(pointX);
    expect(focus.y - actual.y).toBeCloseTo(pointY);
    expect(zoomPercent(actual.scale)).toBe(100);
  });

  it('steps through the fit, 25 %, 50 %, 100 % and beyond, never below the fit or above 800 %', () => {
    const fit = fitScale(image, stage);
    expect(nextZoomStep(fit, 1, image, stage)).toBe(0.25);
    expect(nextZoomStep(0.25, 1, image, stage)).toBe(0.5);
    expect(nextZoomStep(0.5, 1, image, stage)).toBe(1);
    expect(nextZoomStep(1, 1, image, stage)).toBe(2);
    expect(nextZoomStep(0.25, -1, image, stage)).toBeCloseTo(fit);
    expect(nextZoomStep(fit, -1, image, stage)).toBeCloseTo(fit);
    expect(nextZoomStep(maxScale, 1, image, stage)).toBe(maxScale);
    expect(zoomTo(fitView(image, stage), 50, image, stage).scale).toBe(maxScale);
    expect(zoomTo(fitView(image, stage), 0.01, image, stage).scale).toBeCloseTo(fit);
  });

  it('keeps a small picture at 100 % at least, centred: it is never shrunk below its size', () => {
    const small = { width: 96, height: 64 };
    expect(fitScale(small, stage)).toBeCloseTo(500 / 64);
    const out = zoomTo(fitView(small, stage), 0.1, small, stage);
    expect(out.scale).toBe(1);
    expect(out.x).toBe((800 - 96) / 2);
  });

  it('pans within the picture: no empty edge inside the stage once it is larger', () => {
    const actual = zoomTo(fitView(image, stage), 1, image, stage);
    expect(panBy(actual, 10_000, 10_000, image, stage)).toMatchObject({ x: 0, y: 0 });
    expect(panBy(actual, -10_000, -10_000, image, stage)).toMatchObject({ x: 800 - 4000, y: 500 - 3000 });
    const moved = panBy({ scale: 1, x: -1000, y: -1000 }, 40, -40, image, stage);
    expect(moved).toEqual({ scale: 1, x: -960, y: -1040 });
    // Narrower than the stage on one axis: centred on it, whatever the pan says.
    expect(clampView({ scale: 0.2, x: 300, y: -50 }, image, stage)).toEqual({ scale: 0.2, x: 0, y: -50 });
  });

  it('asks for the full file only once the picture is drawn larger than its variant holds', () => {
    // A 4000 px picture with a 2048 px screen variant: the variant up to 2048 / 4000 = 51.2 %.
    expect(needsFullFile(0.5, image, 2048)).toBe(false);
    expect(needsFullFile(0.6, image, 2048)).toBe(true);
    // A picture no larger than the variant: the variant has every pixel until past 100 %.
    const small = { width: 1600, height: 1200 };
    expect(needsFullFile(1, small, 2048)).toBe(false);
    expect(needsFullFile(2, small, 2048)).toBe(true);
    // While only the 400 px thumbnail exists.
    expect(needsFullFile(0.2, small, 400)).toBe(false);
    expect(needsFullFile(0.3, small, 400)).toBe(true);
  });
});
