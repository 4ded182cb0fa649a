import { routes, type CatalogName, type Person } from '@ichat/shared';
import type { z } from 'zod';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import type { PersonOption } from '../../../lib/person-picker';

export type PeopleQuery = z.input<typeof routes.admin.people.query>;
export type AuditQuery = z.input<typeof routes.admin.auditLog.query>;

export const adminKeys = {
  all: ['admin'] as const,
  people: () => [...adminKeys.all, 'people'] as const,
  peoplePage: (query: PeopleQuery) => [...adminKeys.people(), 'page', query] as const,
  peopleSearch: () => [...adminKeys.people(), 'search'] as const,
  catalog: (catalog: CatalogName) => [...adminKeys.all, 'catalog', catalog] as const,
  forms: () => [...adminKeys.all, 'forms'] as const,
  access: (formId: number) => [...adminKeys.forms(), formId, 'access'] as const,
  chain: (formId: number) => [...adminKeys.forms(), formId, 'chain'] as const,
  settings: () => [...adminKeys.all, 'settings'] as const,
  overdue: () => [...adminKeys.all, 'overdue'] as const,
  audit: (query: AuditQuery) => [...adminKeys.all, 'audit', query] as const,
};

/** One page of the people table; the previous page stays on screen while the next is read. */
export const usePeopleQuery = (query: PeopleQuery) =>
  useQuery({
    queryKey: adminKeys.peoplePage(query),
    queryFn: ({ signal }) => callApi(routes.admin.people, { query, signal }),
    placeholderData: keepPreviousData,
  });

const personOption = (person: Person): PersonOption => ({
  id: person.id,
  display_name: person.is_active ? person.display_name : `${person.display_name} (inactive)`,
  detail: [person.email_address, person.department].filter(Boolean).join(' · '),
});

/** The pickers' search: active accounts whose name, email or username matches. */
export const searchPeople = async (text: string, signal: AbortSignal): Promise<PersonOption[]> => {
  const { people } = await callApi(routes.admin.people, {
    query: { ...(text ? { query: text } : {}), status: 'active', limit: 20, sort: 'name' },
    signal,
  });
  return people.map(personOption);
};

export const useCatalogQuery = (catalog: CatalogName) =>
  useQuery({
    queryKey: adminKeys.catalog(catalog),
    queryFn: ({ signal }) => callApi(routes.admin.catalog, { params: { catalog }, signal }),
    select: (response) => response.entries,
  });

export const useAdminFormsQuery = () =>
  useQuery({
    queryKey: adminKeys.forms(),
    queryFn: ({ signal }) => callApi(routes.admin.forms, { signal }),
    select: (response) => response.forms,
    staleTime: 5 * 60_000,
  });

export const useFormAccessQuery = (formId: number) =>
  useQuery({
    queryKey: adminKeys.access(formId),
    queryFn: ({ signal }) => callApi(routes.admin.formAccess, { params: { id: formId }, signal }),
    select: (response) => response.access,
  });

export const useApprovalChainQuery = (formId: number) =>
  useQuery({
    queryKey: adminKeys.chain(formId),
    queryFn: ({ signal }) => callApi(routes.admin.approvalChain, { params: { id: formId }, signal }),
    select: (response) => response.chain,
  });

export const useSettingsQuery = () =>
  useQuery({
    queryKey: adminKeys.settings(),
    queryFn: ({ signal }) => callApi(routes.admin.settings, { signal }),
    select: (response) => response.settings,
  });

export const useOverdueQuery = () =>
  useQuery({
    queryKey: adminKeys.overdue(),
    queryFn: ({ signal }) => callApi(routes.admin.overdue, { signal }),
    select: (response) => response.requests,
  });

export const useAuditLogQuery = (query: AuditQuery) =>
  useQuery({
    queryKey: adminKeys.audit(query),
    queryFn: ({ signal }) => callApi(routes.admin.auditLog, { query, signal }),
    placeholderData: keepPreviousData,
  });
