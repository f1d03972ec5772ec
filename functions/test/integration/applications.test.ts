/**
 * Job applications (issue 6) through the local gateway: documents are posted straight to the
 * private applications bucket with a presigned POST, then the application names them; the server
 * checks each stored file's size and real type before it stores the application and its copies,
 * all or nothing. Staff (SUPER_ADMIN) page through them, filter by opening and download the files.
 */
import { GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import {
  applicationFileTooLargeMessage,
  createApplicationUploadLinkResponseSchema,
  createJobApplicationResponseSchema,
  getApplicationResponseSchema,
  listApplicationsResponseSchema,
  maxApplicationFileBytes,
  applicationDownloadResponseSchema,
  type ApplicationUploadLink,
} from '@studio/shared/job-application';
import { bucketDefinitions } from '@studio/shared/platform';
import { localCredentials, localNames, localRegion } from '../../../scripts/local/provision.ts';
import {
  sampleDoc,
  sampleDocx,
  sampleExe,
  samplePdf,
  samplePng,
  zipArchive,
} from '../../../scripts/test-setup/documents.ts';
import { useHandlerEnv } from './handler-env.ts';
import { api, expectEnvelope, signedInIdentities } from './support.ts';

useHandlerEnv();
const { createJobOpenings } = await import('../../src/data/job-openings.ts');
const { documentClient } = await import('../../src/lib/dynamo.ts');
const { createApplication, OpeningClosedError } = await import('../../src/data/applications.ts');
const { openingApplicationsPartition, openingKey } = await import('../../src/data/keys.ts');

const s3 = new S3Client({
  endpoint: inject('s3Endpoint'),
  region: localRegion,
  credentials: localCredentials,
  forcePathStyle: true,
});
const bucket = localNames.applicationsBucket;
const json = (body: unknown) => ({
  method: 'POST',
  body: JSON.stringify(body),
  headers: { 'content-type': 'application/json' },
});

let adminToken: string;

async function newOpening(isActive = true, title = `Retoucher ${ulid().slice(-6)}`): Promise<string> {
  const id = ulid();
  await createJobOpenings([
    { id, title, description: 'Retouch product photos.', isActive, postedAt: new Date().toISOString() },
  ]);
  return id;
}

beforeAll(async () => {
  adminToken = (await signedInIdentities()).SUPER_ADMIN.token!;
});

async function uploadLink(jobOpeningId: string, fileName: string, size: number) {
  return api('/api/job-openings/job-applications/upload-link', json({ jobOpeningId, kind: 'resume', fileName, size }));
}

/** What the browser does: the signed fields, then the file, posted to the bucket. */
async function postToBucket(link: ApplicationUploadLink, bytes: Buffer, name: string) {
  const form = new FormData();
  for (const [field, value] of Object.entries(link.fields)) form.append(field, value);
  form.append('file', new Blob([bytes]), name);
  const response = await fetch(link.url, { method: 'POST', body: form });
  expect(response.status, await response.text()).toBeLessThan(300);
}

/**
 * Asks for a link declaring `declaredSize` (the real size by default) and posts the bytes. The
 * local S3 emulator ignores POST policies, so a file larger than declared does land: exactly what
 * the server's own check must catch.
 */
async function upload(openingId: string, bytes: Buffer, name: string, declaredSize = bytes.length) {
  const response = await uploadLink(openingId, name, declaredSize);
  expect(response.status, response.text).toBe(200);
  const link = createApplicationUploadLinkResponseSchema.parse(response.json).uploadurl;
  await postToBucket(link, bytes, name);
  return { key: link.key, fileName: name };
}

function applicant(jobOpeningId: string, files: { resume?: unknown; coverLetter?: unknown }, extra = {}) {
  return {
    jobOpeningId,
    email: 'ann.applicant@example.test',
    fullName: 'Ann Applicant',
    contactNo: '+12025550123',
    currentLocation: 'Austin, TX',
    overallExperience: '4 years',
    noticePeriod: '30 days',
    ...files,
    ...extra,
  };
}

const apply = (body: unknown) => api('/api/job-openings/job-applications', json(body));

async function exists(key: string) {
  try {
    await s3.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
    return true;
  } catch {
    return false;
  }
}

/** Applications of one opening in the table (GSI2), read directly. */
async function storedApplications(openingId: string) {
  const result = await documentClient.send(
    new QueryCommand({
      TableName: localNames.table,
      IndexName: 'GSI2',
      KeyConditionExpression: 'GSI2PK = :pk',
      ExpressionAttributeValues: { ':pk': openingApplicationsPartition(openingId) },
    }),
  );
  return result.Items ?? [];
}

/**
 * Every stored copy under applications/ belongs to an application in the table. (Another suite may
 * be between its copy and its transaction right now: an id is only an orphan if it stays one.)
 */
async function expectNoOrphanCopies() {
  const listed = await s3.send(
    new ListObjectsV2Command({ Bucket: bucket, Prefix: bucketDefinitions.applications.storedPrefix }),
  );
  const ids = new Set((listed.Contents ?? []).map((object) => object.Key!.split('/')[1]!));
  const known = async (id: string) => (await api(`/api/applications/${id}`, { token: adminToken })).status === 200;
  for (const id of ids) {
    if (await known(id)) continue;
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const again = await s3.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: `applications/${id}/` }));
    const stillThere = (again.KeyCount ?? 0) > 0;
    expect(!stillThere || (await known(id)), `copy without an application: ${id}`).toBe(true);
  }
}

async function expectNothingStored(openingId: string) {
  expect(await storedApplications(openingId)).toEqual([]);
  const list = await api(`/api/applications?jobId=${openingId}`, { token: adminToken });
  expect(listApplicationsResponseSchema.parse(list.json).pagination.total).toBe(0);
  await expectNoOrphanCopies();
}

async function download(path: string) {
  const response = await api(path, { token: adminToken });
  expect(response.status, response.text).toBe(200);
  const link = applicationDownloadResponseSchema.parse(response.json);
  const file = await fetch(link.url);
  expect(file.status).toBe(200);
  return {
    fileName: link.fileName,
    disposition: file.headers.get('content-disposition'),
    bytes: Buffer.from(await file.arrayBuffer()),
  };
}

describe('applying', () => {
  it('stores an application with a PDF resume and a DOCX cover letter that staff can download byte for byte', async () => {
    const openingId = await newOpening();
    const resumeBytes = samplePdf('Ann resume');
    const letterBytes = sampleDocx('Dear studio');
    const resume = await upload(openingId, resumeBytes, 'Ann CV.pdf');
    const coverLetter = await upload(openingId, letterBytes, 'letter.docx');
    expect(resume.key).toMatch(/^uploads\/[0-9A-HJKMNP-TV-Z]{26}\.pdf$/);

    const response = await apply(
      applicant(
        openingId,
        { resume, coverLetter },
        { currentCompany: 'Pixel Co', portfolioLink: 'https://ann.example.test', jobType: 'PartTime' },
      ),
    );
    expect(response.status, response.text).toBe(201);
    const { id } = createJobApplicationResponseSchema.parse(response.json);
    expect(createJobApplicationResponseSchema.parse(response.json).message).toBe('Application submitted successfully!');

    // The uploads were copied under applications/<id>/ and are gone from uploads/.
    expect(await exists(resume.key)).toBe(false);
    expect(await exists(`applications/${id}/resume.pdf`)).toBe(true);
    expect(await exists(`applications/${id}/coverletter.docx`)).toBe(true);

    const detail = await api(`/api/applications/${id}`, { token: adminToken });
    expect(detail.status, detail.text).toBe(200);
    const application = getApplicationResponseSchema.parse(detail.json).data;
    expect(application).toMatchObject({
      id,
      fullName: 'Ann Applicant',
      contactNo: '+12025550123',
      jobType: 'PartTime',
      currentCompany: 'Pixel Co',
      currentDesignation: null,
      expectedCTC: null,
      portfolioLink: 'https://ann.example.test',
      resumePath: `/api/applications/${id}/resume`,
      coverLetterPath: `/api/applications/${id}/coverletter`,
      resumeFileName: 'Ann CV.pdf',
      jobOpening: { id: openingId, isActive: true, description: 'Retouch product photos.' },
    });
    // No storage attribute or S3 key leaks.
    expect(JSON.stringify(detail.json)).not.toMatch(/GSI1PK|"key"|(?<!api\/)applications\/|uploads\//);

    const resumeFile = await download(application.resumePath!);
    expect(resumeFile.fileName).toBe(`resume_${id}.pdf`);
    expect(resumeFile.disposition).toContain(`resume_${id}.pdf`);
    expect(resumeFile.bytes.equals(resumeBytes)).toBe(true);
    const letterFile = await download(application.coverLetterPath!);
    expect(letterFile.fileName).toBe(`coverletter_${id}.docx`);
    expect(letterFile.disposition).toContain(`coverletter_${id}.docx`);
    expect(letterFile.bytes.equals(letterBytes)).toBe(true);
  });

  it('accepts a resume of exactly 10485760 bytes and a Word 97-2003 file, without a cover letter', async () => {
    const openingId = await newOpening();
    const resume = await upload(openingId, samplePdf('big', maxApplicationFileBytes), 'big.pdf');
    const response = await apply(applicant(openingId, { resume }));
    expect(response.status, response.text).toBe(201);
    const { id } = createJobApplicationResponseSchema.parse(response.json);
    const stored = await s3.send(new HeadObjectCommand({ Bucket: bucket, Key: `applications/${id}/resume.pdf` }));
    expect(stored.ContentLength).toBe(maxApplicationFileBytes);
    const detail = getApplicationResponseSchema.parse(
      (await api(`/api/applications/${id}`, { token: adminToken })).json,
    ).data;
    expect(detail.coverLetterPath).toBeNull();
    const noLetter = await api(`/api/applications/${id}/coverletter`, { token: adminToken });
    expectEnvelope(noLetter.json, 404);

    const doc = await upload(openingId, sampleDoc(), 'old.doc');
    expect((await apply(applicant(openingId, { resume: doc }))).status).toBe(201);
  });

  it('keeps the real type: a DOCX named .pdf is stored and downloaded as .docx', async () => {
    const openingId = await newOpening();
    const bytes = sampleDocx('renamed');
    const resume = await upload(openingId, bytes, 'cv.pdf');
    const response = await apply(applicant(openingId, { resume }));
    expect(response.status, response.text).toBe(201);
    const { id } = createJobApplicationResponseSchema.parse(response.json);
    const file = await download(`/api/applications/${id}/resume`);
    expect(file.fileName).toBe(`resume_${id}.docx`);
    expect(file.bytes.equals(bytes)).toBe(true);
  });
});

describe('refusals store nothing', () => {
  it('refuses a link for 10485761 bytes, for other file types, and for unknown or closed openings', async () => {
    const openingId = await newOpening();
    const tooBig = await uploadLink(openingId, 'cv.pdf', maxApplicationFileBytes + 1);
    expect(expectEnvelope(tooBig.json, 400).details?.issues).toEqual([
      { path: 'body.size', message: applicationFileTooLargeMessage },
    ]);
    expect((await uploadLink(openingId, 'cv.pdf', maxApplicationFileBytes)).status).toBe(200);
    for (const name of ['photo.png', 'setup.exe', 'cv.pdf.exe', 'cv']) {
      const refused = await uploadLink(openingId, name, 100);
      expect(expectEnvelope(refused.json, 400).details?.issues?.[0]?.path, name).toBe('body.fileName');
    }
    const unknown = await uploadLink(ulid(), 'cv.pdf', 100);
    expect(expectEnvelope(unknown.json, 400).message).toMatch(/does not exist/);
    const closed = await uploadLink(await newOpening(false), 'cv.pdf', 100);
    expect(expectEnvelope(closed.json, 400).message).toMatch(/closed/);
    expect(expectEnvelope(closed.json, 400).details?.issues?.[0]?.path).toBe('body.jobOpeningId');
  });

  it('refuses a stored file of 10485761 bytes (larger than its link allowed) and deletes it', async () => {
    const openingId = await newOpening();
    // The link is for a small file; the emulator lets the larger one in, as S3 would not.
    const resume = await upload(openingId, samplePdf('huge', maxApplicationFileBytes + 1), 'cv.pdf', 1000);
    const response = await apply(applicant(openingId, { resume }));
    expect(expectEnvelope(response.json, 400).details?.issues).toEqual([
      { path: 'body.resume', message: applicationFileTooLargeMessage },
    ]);
    expect(await exists(resume.key)).toBe(false);
    await expectNothingStored(openingId);
  });

  it('refuses a PNG renamed .pdf, an .exe renamed .docx and a zip that is not a Word file', async () => {
    const openingId = await newOpening();
    const cases = [
      { bytes: samplePng(), name: 'photo.pdf' },
      { bytes: sampleExe(), name: 'cv.docx' },
      { bytes: zipArchive({ 'readme.txt': 'not a document' }), name: 'cv.docx' },
      { bytes: Buffer.from('just text, no document'), name: 'cv.doc' },
    ];
    for (const { bytes, name } of cases) {
      const resume = await upload(openingId, bytes, name);
      const response = await apply(applicant(openingId, { resume }));
      const envelope = expectEnvelope(response.json, 400);
      expect(envelope.details?.issues, name).toEqual([
        { path: 'body.resume', message: 'The file is not a PDF, DOC or DOCX document.' },
      ]);
      expect(await exists(resume.key), name).toBe(false);
    }
    // A good resume with a bad cover letter is refused whole; the good upload stays for a retry.
    const resume = await upload(openingId, samplePdf(), 'cv.pdf');
    const coverLetter = await upload(openingId, samplePng(), 'letter.pdf');
    const response = await apply(applicant(openingId, { resume, coverLetter }));
    expect(expectEnvelope(response.json, 400).details?.issues?.map((issue) => issue.path)).toEqual([
      'body.coverLetter',
    ]);
    expect(await exists(resume.key)).toBe(true);
    await expectNothingStored(openingId);
  });

  it('names a missing required field, and a missing or unknown upload', async () => {
    const openingId = await newOpening();
    const resume = await upload(openingId, samplePdf(), 'cv.pdf');
    for (const field of ['email', 'fullName', 'contactNo', 'currentLocation', 'overallExperience', 'noticePeriod']) {
      const body = applicant(openingId, { resume }) as Record<string, unknown>;
      delete body[field];
      const response = await apply(body);
      const issues = expectEnvelope(response.json, 400).details?.issues ?? [];
      expect(
        issues.map((issue) => issue.path),
        field,
      ).toEqual([`body.${field}`]);
    }
    const noResume = await apply(applicant(openingId, {}));
    expect(expectEnvelope(noResume.json, 400).details?.issues?.map((issue) => issue.path)).toEqual(['body.resume']);
    const badValues = await apply(
      applicant(openingId, { resume }, { email: 'not-an-email', portfolioLink: 'ftp://x', contactNo: '555' }),
    );
    expect(
      expectEnvelope(badValues.json, 400)
        .details?.issues?.map((issue) => issue.path)
        .sort(),
    ).toEqual(['body.contactNo', 'body.email', 'body.portfolioLink']);
    const neverUploaded = await apply(
      applicant(openingId, { resume: { key: `uploads/${ulid()}.pdf`, fileName: 'x.pdf' } }),
    );
    expect(expectEnvelope(neverUploaded.json, 400).details?.issues?.[0]?.path).toBe('body.resume');
    const foreignKey = await apply(
      applicant(openingId, { resume: { key: 'applications/x/resume.pdf', fileName: 'x.pdf' } }),
    );
    expect(expectEnvelope(foreignKey.json, 400).details?.issues?.[0]?.path).toBe('body.resume.key');
    const extra = await apply(applicant(openingId, { resume }, { status: 'HIRED' }));
    expectEnvelope(extra.json, 400);
    // The valid upload is still there, unused; nothing else was stored.
    expect(await exists(resume.key)).toBe(true);
    await expectNothingStored(openingId);
  });

  it('refuses applications to unknown and closed openings, also when closed after the upload', async () => {
    const openingId = await newOpening();
    const resume = await upload(openingId, samplePdf(), 'cv.pdf');
    const unknown = await apply(applicant(ulid(), { resume }));
    expect(expectEnvelope(unknown.json, 400).details?.issues?.[0]?.path).toBe('body.jobOpeningId');
    const closedId = await newOpening(false);
    const closed = await apply(applicant(closedId, { resume }));
    expect(expectEnvelope(closed.json, 400).message).toBe(
      'This job opening is closed and no longer accepts applications.',
    );
    await expectNothingStored(closedId);

    // The visitor uploaded while the opening was active; staff close it before the form is sent.
    await documentClient.send(
      new UpdateCommand({
        TableName: localNames.table,
        Key: openingKey(openingId),
        UpdateExpression: 'SET isActive = :false REMOVE GSI2PK, GSI2SK',
        ExpressionAttributeValues: { ':false': false },
      }),
    );
    const closedMeanwhile = await apply(applicant(openingId, { resume }));
    expect(expectEnvelope(closedMeanwhile.json, 400).details?.issues).toEqual([
      { path: 'body.jobOpeningId', message: 'This job opening is closed and no longer accepts applications.' },
    ]);
    await expectNothingStored(openingId);
  });
});

describe('the application transaction', () => {
  it('re-checks the opening itself, so an opening closed after the route checked it takes nothing', async () => {
    const openingId = await newOpening(false);
    const id = ulid();
    const write = createApplication({
      id,
      jobOpeningId: openingId,
      email: 'race@example.test',
      fullName: 'Race Applicant',
      contactNo: '+12025550123',
      currentCompany: null,
      currentDesignation: null,
      currentCTC: null,
      expectedCTC: null,
      currentLocation: 'Austin',
      overallExperience: '1 year',
      jobType: 'Full Time',
      noticePeriod: 'none',
      portfolioLink: null,
      resume: { key: `applications/${id}/resume.pdf`, fileName: 'cv.pdf', extension: 'pdf', size: 10 },
      coverLetter: null,
      createdAt: new Date().toISOString(),
      opening: { title: 'x', description: 'x', postedAt: null },
    });
    await expect(write).rejects.toBeInstanceOf(OpeningClosedError);
    expect(await storedApplications(openingId)).toEqual([]);
    expectEnvelope((await api(`/api/applications/${id}`, { token: adminToken })).json, 404);
  });
});

describe('staff reading', () => {
  it('pages 25 applications of one opening as 10, 10 and 5, and filters by opening', async () => {
    const busy = await newOpening(true, 'Busy opening');
    const other = await newOpening(true, 'Other opening');
    const resumeBytes = samplePdf('paged');
    for (let i = 0; i < 25; i++) {
      const resume = await upload(busy, resumeBytes, `cv-${i}.pdf`);
      const response = await apply(applicant(busy, { resume }, { fullName: `Paged Applicant ${i}` }));
      expect(response.status, response.text).toBe(201);
    }
    for (let i = 0; i < 2; i++) {
      const resume = await upload(other, resumeBytes, `cv-${i}.pdf`);
      expect((await apply(applicant(other, { resume }, { fullName: `Other Applicant ${i}` }))).status).toBe(201);
    }

    const seen: string[] = [];
    const sizes: number[] = [];
    for (const page of [1, 2, 3]) {
      const response = await api(`/api/applications?page=${page}&limit=10&jobId=${busy}`, { token: adminToken });
      expect(response.status, response.text).toBe(200);
      const body = listApplicationsResponseSchema.parse(response.json);
      expect(body.pagination).toEqual({ page, limit: 10, total: 25, pages: 3 });
      sizes.push(body.data.length);
      for (const application of body.data) {
        expect(application.jobOpeningId).toBe(busy);
        expect(application.jobOpening.title).toBe('Busy opening');
        seen.push(application.fullName);
      }
      expect(body.openings.some((opening) => opening.id === other)).toBe(true);
    }
    expect(sizes).toEqual([10, 10, 5]);
    // Newest first, each exactly once.
    expect(seen).toEqual(Array.from({ length: 25 }, (_, i) => `Paged Applicant ${24 - i}`));
    const beyond = await api(`/api/applications?page=4&limit=10&jobId=${busy}`, { token: adminToken });
    expect(listApplicationsResponseSchema.parse(beyond.json).data).toEqual([]);

    const filtered = listApplicationsResponseSchema.parse(
      (await api(`/api/applications?jobId=${other}`, { token: adminToken })).json,
    );
    expect(filtered.data.map((a) => a.fullName)).toEqual(['Other Applicant 1', 'Other Applicant 0']);
    expect(filtered.pagination).toEqual({ page: 1, limit: 10, total: 2, pages: 1 });

    const all = listApplicationsResponseSchema.parse((await api('/api/applications', { token: adminToken })).json);
    expect(all.pagination.total).toBeGreaterThanOrEqual(27);
    expect(all.data).toHaveLength(10);
  });

  it('refuses bad paging and unknown ids without a 500', async () => {
    for (const query of ['page=0', 'page=-1', 'limit=101', 'limit=1.5', 'jobId=nope', 'sort=name']) {
      const response = await api(`/api/applications?${query}`, { token: adminToken });
      expect(response.status, query).toBe(400);
    }
    expectEnvelope((await api(`/api/applications/${ulid()}`, { token: adminToken })).json, 404);
    expectEnvelope((await api(`/api/applications/${ulid()}/resume`, { token: adminToken })).json, 404);
    expectEnvelope((await api('/api/applications/not-an-id', { token: adminToken })).json, 400);
  });

  it('lets only SUPER_ADMIN read applications and files', async () => {
    const identities = await signedInIdentities();
    for (const role of ['MANAGER', 'EDITOR', 'CLIENT_A'] as const) {
      for (const path of ['/api/applications', `/api/applications/${ulid()}`, `/api/applications/${ulid()}/resume`]) {
        const response = await api(path, { token: identities[role].token });
        expect(response.status, `${role} ${path}`).toBe(403);
      }
    }
    expect((await api('/api/applications')).status).toBe(401);
  });

  it('answers a download link valid at most 60 seconds, for a copy typed by its real format', async () => {
    const openingId = await newOpening();
    const resume = await upload(openingId, samplePdf('private'), 'cv.pdf');
    const { id } = createJobApplicationResponseSchema.parse((await apply(applicant(openingId, { resume }))).json);
    const response = applicationDownloadResponseSchema.parse(
      (await api(`/api/applications/${id}/resume`, { token: adminToken })).json,
    );
    const expires = Date.parse(response.expiresAt) - Date.now();
    expect(expires).toBeGreaterThan(0);
    expect(expires).toBeLessThanOrEqual(60_000);
    const object = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: `applications/${id}/resume.pdf` }));
    expect(object.ContentType).toBe('application/pdf');
  });
});
