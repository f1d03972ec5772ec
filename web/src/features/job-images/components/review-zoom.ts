/*
 * The compare viewer's zoom and pan (issue 34), as pure math over sizes in CSS pixels. `scale` is
 * CSS pixels per image pixel: 1 is 100 % (one pixel of the file on one CSS pixel), `fitScale` shows
 * the whole picture in the stage. `x`, `y` is where the picture's top-left corner sits in the stage;
 * both sides of the viewer share one view, so they pan and zoom together.
 */

export interface Size {
  width: number;
  height: number;
}

export interface View {
  scale: number;
  x: number;
  y: number;
}

/** The largest zoom offered: 800 %. */
export const maxScale = 8;
/** The steps the buttons and +/- keys go through, besides the fit. */
export const zoomSteps = [0.25, 0.5, 1, 2, 4, 8] as const;
/** How far an arrow key pans, in CSS pixels. */
export const panStep = 40;

/** The scale that shows the whole picture in the stage. */
export function fitScale(image: Size, stage: Size): number {
  if (image.width <= 0 || image.height <= 0 || stage.width <= 0 || stage.height <= 0) return 1;
  return Math.min(stage.width / image.width, stage.height / image.height);
}

/** One axis: centred when the picture is narrower than the stage, else no empty edge inside it. */
function clampAxis(offset: number, drawn: number, stage: number): number {
  if (drawn <= stage) return (stage - drawn) / 2;
  return Math.min(0, Math.max(stage - drawn, offset));
}

/** The view with its offset kept where the picture still covers the stage (or centred in it). */
export function clampView(view: View, image: Size, stage: Size): View {
  return {
    scale: view.scale,
    x: clampAxis(view.x, image.width * view.scale, stage.width),
    y: clampAxis(view.y, image.height * view.scale, stage.height),
  };
}

/** The whole picture, centred. */
export function fitView(image: Size, stage: Size): View {
  return clampView({ scale: fitScale(image, stage), x: 0, y: 0 }, image, stage);
}

/** The smallest zoom: the fit, or 100 % for a picture smaller than the stage (never below the fit). */
function minScale(image: Size, stage: Size): number {
  return Math.min(fitScale(image, stage), 1);
}

/**
 * Zoom to `scale` (kept between the smallest zoom and {@link maxScale}) keeping the picture's point
 * under `focus` (a point of the stage; its centre by default) where it is.
 */
export function zoomTo(view: View, scale: number, image: Size, stage: Size, focus?: { x: number; y: number }): View {
  const next = Math.min(maxScale, Math.max(minScale(image, stage), scale));
  const at = focus ?? { x: stage.width / 2, y: stage.height / 2 };
  const pointX = (at.x - view.x) / view.scale;
  const pointY = (at.y - view.y) / view.scale;
  return clampView({ scale: next, x: at.x - pointX * next, y: at.y - pointY * next }, image, stage);
}

/** The next zoom step in `direction` from `scale`: the fit is one of the steps. */
export function nextZoomStep(scale: number, direction: 1 | -1, image: Size, stage: Size): number {
  const steps = [...new Set([fitScale(image, stage), ...zoomSteps])].sort((a, b) => a - b);
  const near = (a: number, b: number) => Math.abs(a - b) < 1e-6;
  if (direction === 1) return steps.find((step) => step > scale && !near(step, scale)) ?? maxScale;
  return [...steps].reverse().find((step) => step < scale && !near(step, scale)) ?? minScale(image, stage);
}

/** The view panned by `dx`, `dy` CSS pixels (a drag, or an arrow key), kept within the picture. */
export function panBy(view: View, dx: number, dy: number, image: Size, stage: Size): View {
  return clampView({ scale: view.scale, x: view.x + dx, y: view.y + dy }, image, stage);
}

/** The zoom in whole percent ("100 %" is one image pixel per CSS pixel). */
export function zoomPercent(scale: number): number {
  return Math.round(scale * 100);
}

/** The long side of the screen-sized variant the server makes (WebP, at most 2048 px). */
export const screenVariantSide = 2048;
/** The long side of the thumbnail, shown while there is no screen variant. */
export const thumbnailSide = 400;

/**
 * Whether the full file is needed at `scale`: the picture is drawn larger than the variant shown
 * holds pixels (`variantSide` on its long side, never more than the file itself).
 */
export function needsFullFile(scale: number, image: Size, variantSide: number): boolean {
  const long = Math.max(image.width, image.height);
  return scale * long > Math.min(variantSide, long) + 0.5;
}
