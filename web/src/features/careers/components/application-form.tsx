import { useId, useRef, useState, type ChangeEvent, type InputHTMLAttributes, type ReactNode } from 'react';
import {
  applicationFileHint,
  applicationFileTooLargeMessage,
  applicationFileTypeMessage,
  applicationLimits,
  applicationSubmittedMessage,
  createJobApplicationBodySchema,
  documentExtensionOf,
  jobTypeLabels,
  jobTypes,
  maxApplicationFileBytes,
  type ApplicationDocumentKind,
  type ApplicationFileRef,
  type JobType,
} from '@studio/shared/job-application';
import { Field, FormAlert, FormField } from '../../../components/form-field.tsx';
import { ApiError, networkErrorMessage } from '../../../lib/api-client.ts';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { uploadDocument, useCreateJobApplication } from '../api/create-job-application.ts';
import { defaultPhoneCountry, internationalNumber } from './phone-countries.ts';
import { PhoneInput } from './phone-input.tsx';
import '../../../components/form.css';
import './application-form.css';

/** Spec §8. */
export const applicationFailedMessage = 'Failed to submit application. Please try again.';

const emptyValues = {
  email: '',
  fullName: '',
  phoneCountry: defaultPhoneCountry,
  phoneNational: '',
  currentCompany: '',
  currentDesignation: '',
  currentCTC: '',
  expectedCTC: '',
  currentLocation: '',
  overallExperience: '',
  jobType: 'Full Time' as JobType,
  noticePeriod: '',
  portfolioLink: '',
  resume: null as File | null,
  coverLetter: null as File | null,
};
type Values = typeof emptyValues;
type TextField = Exclude<keyof Values, 'phoneCountry' | 'jobType' | ApplicationDocumentKind>;

// Stands in for the upload key while the form checks its fields before anything is uploaded.
const placeholderRef = (file: File): ApplicationFileRef => ({
  key: 'uploads/00000000000000000000000000.pdf',
  fileName: file.name,
});

function bodyOf(
  values: Values,
  jobOpeningId: string,
  files: { resume?: ApplicationFileRef; coverLetter?: ApplicationFileRef },
) {
  const optional = (value: string) => (value.trim() ? value : undefined);
  return {
    jobOpeningId,
    email: values.email,
    fullName: values.fullName,
    contactNo: internationalNumber(values.phoneCountry, values.phoneNational),
    currentCompany: optional(values.currentCompany),
    currentDesignation: optional(values.currentDesignation),
    currentCTC: optional(values.currentCTC),
    expectedCTC: optional(values.expectedCTC),
    currentLocation: values.currentLocation,
    overallExperience: values.overallExperience,
    jobType: values.jobType,
    noticePeriod: values.noticePeriod,
    portfolioLink: optional(values.portfolioLink),
    resume: files.resume,
    coverLetter: files.coverLetter,
  };
}

/** Spec §8's sentence, then the reason when there is one: the server's, the upload's, or no connection. */
const failureOptions = {
  lead: applicationFailedMessage,
  offline: `${applicationFailedMessage} ${networkErrorMessage}`,
} as const;

/**
 * The apply-job form (spec §3, §5): every field, the phone input, the job type, a resume and an
 * optional cover letter. Files over 10 MB or of another type are refused when chosen (alert) and
 * not kept. Submitting uploads each file straight to the bucket, then sends the application;
 * 'Submitting...' meanwhile; success alerts and resets everything, failure keeps the form and says why.
 */
export function ApplicationForm({ jobOpeningId, jobTitle }: { jobOpeningId: string; jobTitle: string }) {
  const form = useSchemaForm({
    schema: createJobApplicationBodySchema,
    initialValues: emptyValues,
    // The files are checked before anything is uploaded: their references stand in meanwhile.
    toBody: (values) => {
      const { resume, coverLetter } = values as Values;
      return bodyOf(values as Values, jobOpeningId, {
        resume: resume ? placeholderRef(resume) : undefined,
        coverLetter: coverLetter ? placeholderRef(coverLetter) : undefined,
      });
    },
    fieldOf: (path) => (path === 'contactNo' ? 'phoneNational' : undefined),
  });
  const [success, setSuccess] = useState(false);
  const fileInputs = useRef<Partial<Record<ApplicationDocumentKind, HTMLInputElement | null>>>({});
  // Files already in the bucket, so a retry after a refused field does not upload them again.
  const uploaded = useRef(new Map<File, ApplicationFileRef>());
  const mutation = useCreateJobApplication();
  const id = useId();
  const { values, errors, submitting } = form;

  function chooseFile(kind: ApplicationDocumentKind, event: ChangeEvent<HTMLInputElement>) {
    const input = event.target;
    const file = input.files?.[0];
    const refuse = (message: string) => {
      window.alert(message);
      input.value = '';
      form.setValue(kind, null);
    };
    if (!file) return form.setValue(kind, null);
    // Spec §5: refused at once with the alert, and not kept (never uploaded).
    if (file.size > maxApplicationFileBytes) return refuse(applicationFileTooLargeMessage);
    if (!documentExtensionOf(file.name)) return refuse(applicationFileTypeMessage);
    if (file.size === 0) return refuse('The file is empty.');
    form.setValue(kind, file);
  }

  async function refFor(kind: ApplicationDocumentKind, file: File): Promise<ApplicationFileRef> {
    const known = uploaded.current.get(file);
    if (known) return known;
    const ref = await uploadDocument({ jobOpeningId, kind, file });
    uploaded.current.set(file, ref);
    return ref;
  }

  /** Uploads the files (those not uploaded yet), then sends the application with their references. */
  async function send() {
    const { resume, coverLetter } = values;
    const refs = {
      resume: resume ? await refFor('resume', resume) : undefined,
      coverLetter: coverLetter ? await refFor('coverLetter', coverLetter) : undefined,
    };
    try {
      await mutation.mutateAsync(createJobApplicationBodySchema.parse(bodyOf(values, jobOpeningId, refs)));
    } catch (error) {
      // A refused file was deleted by the server: it has to be chosen again.
      const refused = error instanceof ApiError ? error.issues.map((issue) => issue.path.split('.')[1]) : [];
      for (const kind of ['resume', 'coverLetter'] as const) {
        const file = values[kind];
        if (refused.includes(kind) && file) uploaded.current.delete(file);
      }
      throw error;
    }
    form.reset();
    uploaded.current.clear();
    for (const input of Object.values(fileInputs.current)) if (input) input.value = '';
    setSuccess(true);
    window.alert(applicationSubmittedMessage);
  }

  const submit = form.handleSubmit(send, {
    failureText: applicationFailedMessage,
    errorOptions: failureOptions,
    refusedFields: 'failure',
  });

  const text = (field: TextField, label: ReactNode, extra: InputHTMLAttributes<HTMLInputElement> = {}) => (
    <FormField label={label} {...form.field(field)} {...extra} />
  );

  const fileField = (kind: ApplicationDocumentKind, label: string, required: boolean) => (
    <Field label={label} hint={applicationFileHint} error={errors[kind]}>
      {(control) => (
        <input
          {...control}
          ref={(input) => {
            fileInputs.current[kind] = input;
          }}
          name={kind}
          type="file"
          required={required}
          accept=".pdf,.doc,.docx,application/pdf,application/msword,application/vnd.openxmlformats-officedocument.wordprocessingml.document"
          onChange={(event) => chooseFile(kind, event)}
        />
      )}
    </Field>
  );

  return (
    <form
      className="form application-form"
      onSubmit={(event) => {
        setSuccess(false);
        void submit(event);
      }}
      noValidate
      aria-labelledby={`${id}-title`}
    >
      <h2 id={`${id}-title`}>Apply for {jobTitle}</h2>
      <p className="form__hint">(*) are mandatory fields</p>
      <fieldset disabled={submitting}>
        <legend className="application-form__legend">Personal information</legend>
        <div className="form__row">
          {text('email', 'Email *', {
            type: 'email',
            required: true,
            autoComplete: 'email',
            maxLength: applicationLimits.email,
          })}
          {text('fullName', 'Full Name *', {
            required: true,
            autoComplete: 'name',
            maxLength: applicationLimits.fullName,
          })}
        </div>
        <div className="form__row">
          <PhoneInput
            label="Contact Number *"
            required
            country={values.phoneCountry}
            national={values.phoneNational}
            onCountryChange={(code) => form.setValue('phoneCountry', code)}
            onNationalChange={(national) => form.setValue('phoneNational', national)}
            error={errors.phoneNational}
          />
          {text('currentLocation', 'Current Location *', {
            required: true,
            autoComplete: 'address-level2',
            maxLength: applicationLimits.text,
          })}
        </div>
      </fieldset>
      <fieldset disabled={submitting}>
        <legend className="application-form__legend">Professional information</legend>
        <div className="form__row">
          {text('currentCompany', 'Current Company', {
            autoComplete: 'organization',
            maxLength: applicationLimits.text,
          })}
          {text('currentDesignation', 'Current Designation', {
            autoComplete: 'organization-title',
            maxLength: applicationLimits.text,
          })}
        </div>
        <div className="form__row">
          {text('currentCTC', 'Current CTC', { maxLength: applicationLimits.ctc })}
          {text('expectedCTC', 'Expected CTC', { maxLength: applicationLimits.ctc })}
        </div>
        <div className="form__row">
          {text('overallExperience', 'Overall Experience *', {
            required: true,
            maxLength: applicationLimits.text,
            placeholder: 'e.g. 3 years',
          })}
          {text('noticePeriod', 'Notice Period *', {
            required: true,
            maxLength: applicationLimits.text,
            placeholder: 'e.g. 30 days',
          })}
        </div>
        <div className="form__row">
          <Field label="Job Type" error={errors.jobType}>
            {(control) => (
              <select {...control} {...form.control('jobType')}>
                {jobTypes.map((type) => (
                  <option key={type} value={type}>
                    {jobTypeLabels[type]}
                  </option>
                ))}
              </select>
            )}
          </Field>
          {text('portfolioLink', 'Portfolio Link', {
            type: 'url',
            inputMode: 'url',
            maxLength: applicationLimits.link,
            placeholder: 'https://',
          })}
        </div>
      </fieldset>
      <fieldset disabled={submitting}>
        <legend className="application-form__legend">Documents</legend>
        <div className="form__row">
          {fileField('resume', 'Resume *', true)}
          {fileField('coverLetter', 'Cover Letter', false)}
        </div>
      </fieldset>
      {form.formError && <FormAlert>{form.formError}</FormAlert>}
      <div role="status">{success && <p className="form__success">{applicationSubmittedMessage}</p>}</div>
      <div>
        <button type="submit" className="button button--primary" disabled={submitting}>
          {submitting ? 'Submitting...' : 'Submit Application'}
        </button>
      </div>
    </form>
  );
}
