import { S3Client } from '@aws-sdk/client-s3';
import { traced } from './observability.ts';
import { clientOptions, s3Budget } from './sdk-options.ts';

// Created once per container. The local S3 emulator (s3rver) understands path-style URLs only, so
// the local stack sets S3_FORCE_PATH_STYLE=true; on AWS virtual-hosted URLs are used, which is
// also what a presigned POST's `url` then names (https://<bucket>.s3.<region>.amazonaws.com).
export const s3Client = traced(
  new S3Client({
    ...clientOptions(s3Budget),
    forcePathStyle: process.env.S3_FORCE_PATH_STYLE === 'true',
  }),
);
