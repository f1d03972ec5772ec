import { createOrganisationBodySchema } from '@studio/shared/organisation';
import { useNavigate } from 'react-router-dom';
import { FormAlert, FormField } from '../../../components/form-field.tsx';
import { paths } from '../../../config/paths.ts';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { useCreateOrganisation } from '../api/create-organisation.ts';
import { SaveRow } from '../../../components/saved-status.tsx';

/** "Create an organisation": a name; the client becomes its OWNER and the page shows it, from its top. */
export function CreateOrganisationForm() {
  const create = useCreateOrganisation();
  const navigate = useNavigate();
  const form = useSchemaForm({
    schema: createOrganisationBodySchema,
    initialValues: { name: '' },
    labels: { name: 'Name' },
  });
  return (
    <form
      className="form organisation__create"
      noValidate
      aria-label="Create an organisation"
      onSubmit={form.handleSubmit(
        async (body) => {
          const organisation = await create.mutateAsync(body);
          form.reset();
          void navigate(paths.organisationOf(organisation.id));
          // The form is at the foot of the page; the new organisation is shown from its top.
          window.scrollTo(0, 0);
        },
        { failureText: 'The organisation could not be created' },
      )}
    >
      {form.formError && <FormAlert>{form.formError}</FormAlert>}
      <FormField label="Organisation name *" autoComplete="organization" {...form.field('name')} />
      <SaveRow label="Create organisation" busyLabel="Creating..." busy={form.submitting} />
    </form>
  );
}
