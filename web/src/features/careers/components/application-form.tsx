import {
  useId,
  useRef,
  useState,
  type ChangeEvent,
  type FormEvent,
  type InputHTMLAttributes,
  type ReactNode,
} from 'react';
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
  type CreateJobApplicationBody,
  type JobType,
} from '@studio/shared/job-application';
import { FormField } from '../../../components/form-field.tsx';
import { networkErrorMessage } from '../../../lib/api-client.ts';
import { apiErrorText } from '../../../lib/api-error-text.ts';
import { apiFieldErrors, schemaFieldErrors, type FieldErrors } from '../../../lib/form-issues.ts';
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
};
type Values = typeof emptyValues;
type TextField = Exclude<keyof Values, 'phoneCountry' | 'jobType'>;

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
  issues: 'omit',
} as const;

/**
 * The apply-job form (spec §3, §5): every field, the phone input, the job type, a resume and an
 * optional cover letter. Files over 10 MB or of another type are refused when chosen (alert) and
 * not kept. Submitting uploads each file straight to the bucket, then sends the application;
 * 'Submitting...' meanwhile; success alerts and resets everything, failure keeps the form and says why.
 */
export function ApplicationForm({ jobOpeningId, jobTitle }: { jobOpeningId: string; jobTitle: string }) {
  const [values, setValues] = useState<Values>(emptyValues);
  const [files, setFiles] = useState<Partial<Record<ApplicationDocumentKind, File>>>({});
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [success, setSuccess] = useState(false);
  const [uploading, setUploading] = useState(false);
  const fileInputs = useRef<Partial<Record<ApplicationDocumentKind, HTMLInputElement | null>>>({});
  // Files already in the bucket, so a retry after a refused field does not upload them again.
  const uploaded = useRef(new Map<File, ApplicationFileRef>());
  const mutation = useCreateJobApplication();
  const id = useId();
  const submitting = uploading || mutation.isPending;

  const set = (field: keyof Values) => (value: string) => setValues((current) => ({ ...current, [field]: value }));

  function chooseFile(kind: ApplicationDocumentKind, event: ChangeEvent<HTMLInputElement>) {
    const input = event.target;
    const file = input.files?.[0];
    const refuse = (message: string) => {
      window.alert(message);
      input.value = '';
      setFiles((current) => ({ ...current, [kind]: undefined }));
    };
    if (!file) return setFiles((current) => ({ ...current, [kind]: undefined }));
    // Spec §5: refused at once with the alert, and not kept (never uploaded).
    if (file.size > maxApplicationFileBytes) return refuse(applicationFileTooLargeMessage);
    if (!documentExtensionOf(file.name)) return refuse(applicationFileTypeMessage);
    if (file.size === 0) return refuse('The file is empty.');
    setFiles((current) => ({ ...current, [kind]: file }));
    setErrors((current) => ({ ...current, [kind]: '' }));
  }

  function reset() {
    setValues(emptyValues);
    setFiles({});
    setErrors({});
    uploaded.current.clear();
    for (const input of Object.values(fileInputs.current)) if (input) input.value = '';
  }

  async function refFor(kind: ApplicationDocumentKind, file: File): Promise<ApplicationFileRef> {
    const known = uploaded.current.get(file);
    if (known) return known;
    const ref = await uploadDocument({ jobOpeningId, kind, file });
    uploaded.current.set(file, ref);
    return ref;
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    setFailure(null);
    setSuccess(false);
    const check = schemaFieldErrors(
      createJobApplicationBodySchema,
      bodyOf(values, jobOpeningId, {
        resume: files.resume && placeholderRef(files.resume),
        coverLetter: files.coverLetter && placeholderRef(files.coverLetter),
      }),
    );
    if (Object.keys(check).length > 0) {
      setErrors(check);
      setFailure('Please correct the fields marked below.');
      return;
    }
    setErrors({});
    let body: CreateJobApplicationBody;
    try {
      setUploading(true);
      const resume = await refFor('resume', files.resume!);
      const coverLetter = files.coverLetter ? await refFor('coverLetter', files.coverLetter) : undefined;
      body = bodyOf(values, jobOpeningId, { resume, coverLetter }) as CreateJobApplicationBody;
    } catch (error) {
      setErrors(apiFieldErrors(error));
      setFailure(apiErrorText(error, applicationFailedMessage, failureOptions));
      return;
    } finally {
      setUploading(false);
    }
    mutation.mutate(body, {
      onSuccess: () => {
        reset();
        setSuccess(true);
        window.alert(applicationSubmittedMessage);
      },
      onError: (error) => {
        const fields = apiFieldErrors(error);
        // A refused file was deleted by the server: it has to be chosen again.
        for (const kind of ['resume', 'coverLetter'] as const) {
          const file = files[kind];
          if (fields[kind] && file) uploaded.current.delete(file);
        }
        setErrors(fields);
        setFailure(apiErrorText(error, applicationFailedMessage, failureOptions));
      },
    });
  }

  const text = (field: TextField, label: ReactNode, extra: InputHTMLAttributes<HTMLInputElement> = {}) => (
    <FormField
      label={label}
      name={field}
      value={values[field]}
      error={errors[field] || undefined}
      onChange={(event) => set(field)(event.target.value)}
      {...extra}
    />
  );

  const fileField = (kind: ApplicationDocumentKind, label: string, required: boolean) => {
    const fieldId = `${id}-${kind}`;
    const error = errors[kind];
    return (
      <div className="form__field">
        <label htmlFor={fieldId}>{label}</label>
        <input
          ref={(input) => {
            fileInputs.current[kind] = input;
          }}
          id={fieldId}
          name={kind}
          type="file"
          required={required}
          accept=".pdf,.doc,.docx,application/pdf,application/msword,application/vnd.openxmlformats-officedocument.wordprocessingml.document"
          aria-invalid={error ? true : undefined}
          aria-describedby={[`${fieldId}-hint`, error ? `${fieldId}-error` : ''].filter(Boolean).join(' ')}
          onChange={(event) => chooseFile(kind, event)}
        />
        <p id={`${fieldId}-hint`} className="form__hint">
          {applicationFileHint}
        </p>
        {error && (
          <p id={`${fieldId}-error`} className="form__error">
            {error}
          </p>
        )}
      </div>
    );
  };

  return (
    <form
      className="form application-form"
      onSubmit={(event) => void onSubmit(event)}
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
            onCountryChange={set('phoneCountry')}
            onNationalChange={set('phoneNational')}
            error={errors.contactNo || undefined}
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
          <div className="form__field">
            <label htmlFor={`${id}-jobType`}>Job Type</label>
            <select
              id={`${id}-jobType`}
              name="jobType"
              value={values.jobType}
              onChange={(event) => set('jobType')(event.target.value)}
            >
              {jobTypes.map((type) => (
                <option key={type} value={type}>
                  {jobTypeLabels[type]}
                </option>
              ))}
            </select>
          </div>
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
      {failure && (
        <p className="form__alert" role="alert">
          {failure}
        </p>
      )}
      <div role="status">{success && <p className="form__success">{applicationSubmittedMessage}</p>}</div>
      <div>
        <button type="submit" className="button button--primary" disabled={submitting}>
          {submitting ? 'Submitting...' : 'Submit Application'}
        </button>
      </div>
    </form>
  );
}
