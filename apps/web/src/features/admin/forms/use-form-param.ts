import { useParams } from 'react-router';
import { useAdminFormsQuery } from '../api/queries';

/** The form a screen edits, from the address's :formId; null when the id is not a form. */
export const useFormParam = () => {
  const { formId } = useParams();
  const forms = useAdminFormsQuery();
  const id = Number(formId);
  const form = forms.data?.find((candidate) => candidate.id === id) ?? null;
  return { id: Number.isSafeInteger(id) && id > 0 ? id : null, form, forms };
};
