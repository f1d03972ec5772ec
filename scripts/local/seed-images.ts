/**
 * The seed's demo images: photographs turned into retouching jobs by scripts/media/demo-photos.ts
 * (which shot goes where: scripts/media/demo-shots.ts). Rendering a few hundred of them takes
 * seconds, so each result is cached on disk by a hash of what made it (the shot, the renderer's
 * version and the photographs' bytes) in `.local/cache/demo-photos`: the next seed (a test run's
 * throwaway stack, `npm run reset`) reads them back.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { mapLimit } from '@studio/shared/map-limit';
import {
  demoPhotosVersion,
  photoBytes,
  photoSizes,
  renderAfter,
  renderPair,
  renderSlide,
  type PhotoName,
  type Shot,
} from '../media/demo-photos.ts';
import {
  galleryShot,
  openingShot,
  portfolioShot,
  serviceShot,
  slideShots,
  subServiceShot,
  type ServiceLine,
} from '../media/demo-shots.ts';

export type { ServiceLine };

export const demoPhotoCacheDir = path.resolve(import.meta.dirname, '..', '..', '.local', 'cache', 'demo-photos');

let inputs: string | undefined;
/** What every cached image depends on besides its shot: the renderer's version and the photos. */
function inputsHash(): string {
  if (!inputs) {
    const hash = createHash('sha256').update(`demo-photos ${demoPhotosVersion}`);
    for (const name of Object.keys(photoSizes) as PhotoName[]) hash.update(photoBytes(name));
    inputs = hash.digest('hex');
  }
  return inputs;
}

async function cached(kind: string, shot: Shot, names: string[], render: () => Promise<Buffer[]>): Promise<Buffer[]> {
  const hash = createHash('sha256')
    .update(inputsHash())
    .update(kind)
    .update(JSON.stringify(shot))
    .digest('hex')
    .slice(0, 32);
  const files = names.map((name) => path.join(demoPhotoCacheDir, `${hash}-${name}.jpg`));
  try {
    return await Promise.all(files.map((file) => readFile(file)));
  } catch {
    // Not cached yet (or partly): render.
  }
  const bodies = await render();
  await mkdir(demoPhotoCacheDir, { recursive: true });
  await Promise.all(
    files.map(async (file, index) => {
      // Written under a temporary name and renamed, so a parallel seed never reads half a file.
      const temporary = `${file}.${randomBytes(4).toString('hex')}.tmp`;
      await writeFile(temporary, bodies[index]!);
      await rename(temporary, file);
    }),
  );
  return bodies;
}

export interface Pair {
  before: Buffer;
  after: Buffer;
}

async function pair(shot: Shot): Promise<Pair> {
  const [before, after] = await cached('pair', shot, ['before', 'after'], async () => {
    const rendered = await renderPair(shot);
    return [rendered.before, rendered.after];
  });
  return { before: before!, after: after! };
}

async function single(kind: string, shot: Shot, render: (shot: Shot) => Promise<Buffer>): Promise<Buffer> {
  const [body] = await cached(kind, shot, [kind], async () => [await render(shot)]);
  return body!;
}

/** A service's own before/after. */
export const servicePair = (line: ServiceLine) => pair(serviceShot(line));
/** Subservice `index`'s before/after. */
export const subServicePair = (line: ServiceLine, index: number) => pair(subServiceShot(line, index));
/** Portfolio item `index` of a service line. */
export const portfolioPair = (line: ServiceLine, index: number) => pair(portfolioShot(line, index));
/** Image `index` of a service's gallery: finished work only. */
export const galleryPhoto = (line: ServiceLine, index: number) =>
  single('after', galleryShot(line, index), renderAfter);
/** Hero slide `index`, 1600 × 700. */
export const slidePhoto = (index: number) => single('slide', slideShots[index % slideShots.length]!.shot, renderSlide);
/** The careers page's picture. */
export const openingPhoto = () => single('after', openingShot, renderAfter);

/** Runs `tasks` with at most `limit` in flight; the results in order. */
export function inParallel<T>(tasks: (() => Promise<T>)[], limit = 4): Promise<T[]> {
  return mapLimit(tasks, limit, (task) => task());
}
