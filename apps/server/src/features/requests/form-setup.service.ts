/**
 * A form's setup in the admin area (docs/DECISIONS.md, "Administration"): who may file it,
 * see its list and open its requests, and its approval chain, checked by the shared
 * chainProblem rule the admin screen also runs. Each change is stored with its audit entry.
 */
import {
  centavosToPesos,
  chainProblem,
  FORM_TYPES,
  pesosToCentavos,
  type ApprovalChain,
  type FormAccessGrants,
  type FormType,
} from '@ichat/shared';
import type { Kysely } from 'kysely';
import type { Actor } from '../../auth/auth-user.js';
import type { Database } from '../../db/tables.js';
import { nowMs } from '../../db/values.js';
import { badRequest, enforce, notFound } from '../../errors.js';
import type { AuditTrail } from '../audit/audit.service.js';
import type { FormSetupRepository } from './form-setup.repository.js';

/** The forms whose requests carry a total, so their chain may have bands by amount. */
export const FORMS_WITH_AMOUNTS: readonly FormType[] = ['epr', 'transmittal'];

const isFormType = (type: string): type is FormType => (FORM_TYPES as readonly string[]).includes(type);

export const createFormSetupService = ({ db, repo, audit }: { db: Kysely<Database>; repo: FormSetupRepository; audit: AuditTrail }) => {
  const requireForm = async (formId: number) => {
    const form = await repo.findForm(formId);
    if (!form || !isFormType(form.type)) throw notFound('That form does not exist.');
    return { ...form, type: form.type, hasAmounts: FORMS_WITH_AMOUNTS.includes(form.type) };
  };

  const readAccess = async (formId: number): Promise<FormAccessGrants> => {
    const grants = await repo.grantsOf(formId);
    const pages = (grant: (typeof grants)[number]) => ({ add_page: grant.add_page, view_page: grant.view_page, open_page: grant.open_page });
    return {
      departments: grants
        .filter((grant) => grant.department_id !== null)
        .map((grant) => ({ department_id: grant.department_id!, name: grant.department_name ?? '', ...pages(grant) })),
      users: grants.filter((grant) => grant.user_id !== null).map((grant) => ({ user_id: grant.user_id!, name: grant.user_name ?? '', ...pages(grant) })),
    };
  };

  const readChain = async (formId: number): Promise<ApprovalChain> => ({
    bands: (await repo.bandsOf(formId)).map((band) => ({
      min_amount: centavosToPesos(band.min_total),
      max_amount: band.max_total === null ? null : centavosToPesos(band.max_total),
      level_1: { approver_ids: band.level1.map((a) => a.id), approvers: band.level1, needed: band.initial_needed },
      level_2: { approver_ids: band.level2.map((a) => a.id), approvers: band.level2, needed: band.executive_needed },
    })),
  });

  /** What the log keeps of a chain: the saved shape, without the names. */
  const chainForLog = (chain: ApprovalChain) => ({
    bands: chain.bands.map((band) => ({
      min_amount: band.min_amount,
      max_amount: band.max_amount,
      level_1: { approver_ids: band.level_1.approver_ids, needed: band.level_1.needed },
      level_2: { approver_ids: band.level_2.approver_ids, needed: band.level_2.needed },
    })),
  });

  return {
    async listForms() {
      return (await repo.listForms())
        .filter((form) => isFormType(form.type))
        .map((form) => ({ id: form.id, name: form.name, type: form.type as FormType, has_amounts: FORMS_WITH_AMOUNTS.includes(form.type as FormType) }));
    },

    async access(formId: number) {
      await requireForm(formId);
      return readAccess(formId);
    },

    async setAccess(actor: Actor, formId: number, wanted: FormAccessGrants) {
      const form = await requireForm(formId);
      const departmentIds = wanted.departments.map((grant) => grant.department_id);
      const userIds = wanted.users.map((grant) => grant.user_id);
      if (new Set(departmentIds).size !== departmentIds.length) throw badRequest('A department is listed twice.');
      if (new Set(userIds).size !== userIds.length) throw badRequest('A person is listed twice.');
      const found = await repo.existing(userIds, departmentIds);
      const unknownDepartment = departmentIds.find((id) => !found.departments.has(id));
      if (unknownDepartment !== undefined) throw badRequest(`Department ${unknownDepartment} does not exist.`);
      const unknownUser = userIds.find((id) => !found.users.has(id));
      if (unknownUser !== undefined) throw badRequest(`User ${unknownUser} does not exist.`);
      const before = await readAccess(formId);
      const pages = (grant: { add_page: boolean; view_page: boolean; open_page: boolean }) => ({
        add_page: grant.add_page,
        view_page: grant.view_page,
        open_page: grant.open_page,
      });
      await db.transaction().execute(async (trx) => {
        await repo.replaceGrants(
          formId,
          [
            ...wanted.departments.map((grant) => ({ department_id: grant.department_id, user_id: null, ...pages(grant) })),
            ...wanted.users.map((grant) => ({ department_id: null, user_id: grant.user_id, ...pages(grant) })),
          ],
          nowMs(),
          trx,
        );
        await audit.record(trx, actor, {
          action: 'form.access.update',
          targetType: 'form',
          targetId: formId,
          summary: `Changed who may use ${form.name}: ${wanted.departments.length} department${wanted.departments.length === 1 ? '' : 's'}, ${wanted.users.length} ${wanted.users.length === 1 ? 'person' : 'people'}`,
          before,
          after: { departments: wanted.departments.map(({ name: _name, ...grant }) => grant), users: wanted.users.map(({ name: _name, ...grant }) => grant) },
        });
      });
      return readAccess(formId);
    },

    async chain(formId: number) {
      await requireForm(formId);
      return readChain(formId);
    },

    /** Replaces the chain; requests already filed keep the approvers they were filed with. */
    async setChain(actor: Actor, formId: number, wanted: ApprovalChain) {
      const form = await requireForm(formId);
      enforce(chainProblem(wanted.bands, { hasAmounts: form.hasAmounts }));
      const approverIds = [...new Set(wanted.bands.flatMap((band) => [...band.level_1.approver_ids, ...band.level_2.approver_ids]))];
      const found = await repo.existing(approverIds, []);
      const inactive = approverIds.find((id) => !found.activeUsers.has(id));
      if (inactive !== undefined) {
        throw badRequest(found.users.has(inactive) ? `User ${inactive} is deactivated and cannot approve.` : `User ${inactive} does not exist.`);
      }
      const before = await readChain(formId);
      await db.transaction().execute(async (trx) => {
        await repo.replaceBands(
          formId,
          wanted.bands.map((band) => ({
            min_total: pesosToCentavos(band.min_amount),
            max_total: band.max_amount === null ? null : pesosToCentavos(band.max_amount),
            initial_needed: band.level_1.needed,
            executive_needed: band.level_2.approver_ids.length === 0 ? 0 : band.level_2.needed,
            level1: [...band.level_1.approver_ids],
            level2: [...band.level_2.approver_ids],
          })),
          nowMs(),
          trx,
        );
        await audit.record(trx, actor, {
          action: 'chain.update',
          targetType: 'form',
          targetId: formId,
          summary: `Changed the approval chain of ${form.name} (${wanted.bands.length} band${wanted.bands.length === 1 ? '' : 's'})`,
          before: chainForLog(before),
          after: chainForLog(wanted),
        });
      });
      return readChain(formId);
    },
  };
};

export type FormSetupService = ReturnType<typeof createFormSetupService>;
