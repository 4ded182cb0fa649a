/**
 * The demo organisation: a small construction-materials company. Everyone shares
 * DEMO_PASSWORD. Every form has first- and second-level approvers among these people, and
 * Maria Santos is a plain requester with no approver role.
 */
import type { FormType, ReactionType } from '@ichat/shared';

export const DEMO_DEPARTMENTS = ['Executive Office', 'Sales', 'Finance', 'Warehouse / Supply Chain', 'Human Resources'] as const;
type Department = (typeof DEMO_DEPARTMENTS)[number];

export interface DemoPerson {
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  displayName: string;
  department: Department;
  admin?: boolean;
  approvalPage?: boolean;
}

export const DEMO_PEOPLE: DemoPerson[] = [
  { username: 'admin', email: 'admin@demo.local', firstName: 'System', lastName: 'Administrator', displayName: 'Admin', department: 'Executive Office', admin: true, approvalPage: true },
  { username: 'maria.santos', email: 'maria.santos@demo.local', firstName: 'Maria', lastName: 'Santos', displayName: 'Maria Santos', department: 'Sales' },
  { username: 'juan.delacruz', email: 'juan.delacruz@demo.local', firstName: 'Juan', lastName: 'Dela Cruz', displayName: 'Juan Dela Cruz', department: 'Sales', approvalPage: true },
  { username: 'ana.reyes', email: 'ana.reyes@demo.local', firstName: 'Ana', lastName: 'Reyes', displayName: 'Ana Reyes', department: 'Finance', approvalPage: true },
  { username: 'jose.garcia', email: 'jose.garcia@demo.local', firstName: 'Jose', lastName: 'Garcia', displayName: 'Jose Garcia', department: 'Warehouse / Supply Chain', approvalPage: true },
  { username: 'liza.mendoza', email: 'liza.mendoza@demo.local', firstName: 'Liza', lastName: 'Mendoza', displayName: 'Liza Mendoza', department: 'Human Resources', approvalPage: true },
  { username: 'carmen.flores', email: 'carmen.flores@demo.local', firstName: 'Carmen', lastName: 'Flores', displayName: 'Carmen Flores', department: 'Executive Office', approvalPage: true },
  { username: 'ramon.bautista', email: 'ramon.bautista@demo.local', firstName: 'Ramon', lastName: 'Bautista', displayName: 'Ramon Bautista', department: 'Executive Office', approvalPage: true },
  { username: 'paolo.villanueva', email: 'paolo.villanueva@demo.local', firstName: 'Paolo', lastName: 'Villanueva', displayName: 'Paolo Villanueva', department: 'Warehouse / Supply Chain' },
  { username: 'grace.tan', email: 'grace.tan@demo.local', firstName: 'Grace', lastName: 'Tan', displayName: 'Grace Tan', department: 'Finance' },
];

const ALL_DEPARTMENTS: Department[] = [...DEMO_DEPARTMENTS];
const SALES_SIDE: Department[] = ['Sales', 'Executive Office'];

export interface DemoFormRule {
  type: FormType;
  departments: Department[];
  level1: string[];
  level2: string[];
  initialNeeded: number;
  executiveNeeded: number;
}

export const DEMO_FORM_RULES: DemoFormRule[] = [
  { type: 'epr', departments: ALL_DEPARTMENTS, level1: ['ana.reyes', 'jose.garcia'], level2: ['carmen.flores', 'ramon.bautista'], initialNeeded: 1, executiveNeeded: 1 },
  { type: 'offsetting', departments: ALL_DEPARTMENTS, level1: ['liza.mendoza'], level2: ['carmen.flores'], initialNeeded: 1, executiveNeeded: 1 },
  { type: 'prospecting', departments: SALES_SIDE, level1: ['juan.delacruz'], level2: ['ramon.bautista'], initialNeeded: 1, executiveNeeded: 1 },
  { type: 'transmittal', departments: ALL_DEPARTMENTS, level1: ['jose.garcia'], level2: ['carmen.flores'], initialNeeded: 1, executiveNeeded: 1 },
  { type: 'explain-why', departments: ALL_DEPARTMENTS, level1: ['liza.mendoza'], level2: ['ramon.bautista'], initialNeeded: 1, executiveNeeded: 1 },
  { type: 'ccar', departments: ALL_DEPARTMENTS, level1: ['jose.garcia', 'juan.delacruz'], level2: ['carmen.flores'], initialNeeded: 1, executiveNeeded: 1 },
  { type: 'so-lo', departments: SALES_SIDE, level1: ['juan.delacruz'], level2: ['ramon.bautista'], initialNeeded: 1, executiveNeeded: 1 },
  { type: 'edsr', departments: SALES_SIDE, level1: ['juan.delacruz'], level2: ['carmen.flores'], initialNeeded: 1, executiveNeeded: 1 },
];

export const DEMO_COMPANIES = ['Demo Construction Supply Inc.', 'Demo Cement Trading Corp.', 'Demo Hardware Depot'];

export const DEMO_PURCHASE_REQUEST_TYPES = [
  'Office Supplies',
  'Construction Materials',
  'Equipment and Tools',
  'Repairs and Maintenance',
  'Services',
];

export interface DemoConversation {
  name?: string;
  members: string[];
  admins?: string[];
  /** [sender, text, minutes before the seed time, index of the thread's parent for a thread reply] */
  messages: [string, string, number, number?][];
  /** [index of the message, who reacted, reaction type] */
  reactions?: [number, string, ReactionType][];
  /** Members who have read everything; the others see the last messages as unread. */
  readBy: string[];
}

export const DEMO_CONVERSATIONS: DemoConversation[] = [
  {
    members: ['maria.santos', 'juan.delacruz'],
    messages: [
      ['juan.delacruz', 'Maria, did the client in Cavite confirm the 500 bags of Portland cement?', 190],
      ['maria.santos', 'Yes sir, confirmed this morning. Delivery on Thursday.', 185],
      ['juan.delacruz', 'Good. Please file the SO/LO request today so the warehouse can prepare.', 180],
      ['maria.santos', 'Will do. I will also send the updated price list.', 20],
    ],
    readBy: ['maria.santos'],
  },
  {
    members: ['maria.santos', 'admin'],
    messages: [
      ['admin', 'Hi Maria, your account is ready. Let me know if anything looks wrong.', 2880],
      ['maria.santos', 'Thank you! Everything works.', 2870],
    ],
    readBy: ['maria.santos', 'admin'],
  },
  {
    members: ['ana.reyes', 'grace.tan'],
    messages: [
      ['ana.reyes', 'Grace, please prepare the petty cash report before Friday.', 300],
      ['grace.tan', 'Noted, Ma’am Ana.', 290],
    ],
    readBy: ['ana.reyes', 'grace.tan'],
  },
  {
    name: 'Sales Team',
    members: ['juan.delacruz', 'maria.santos', 'carmen.flores', 'admin'],
    admins: ['juan.delacruz'],
    messages: [
      ['juan.delacruz', 'Team, the monthly target review is on Monday at 9 AM.', 1500],
      ['carmen.flores', 'Please bring your daily sales reports for the last two weeks.', 1490],
      ['carmen.flores', 'Could we start at 10 AM? I have a supplier call at 9.', 1485, 0],
      ['maria.santos', 'Noted. I will have mine filed in the portal by Friday.', 1480],
      ['juan.delacruz', 'Reminder: new price list for Republic Cement starts next week.', 60],
    ],
    reactions: [
      [0, 'maria.santos', 'like'],
      [0, 'carmen.flores', 'thanks'],
      [4, 'admin', 'salute'],
    ],
    readBy: ['juan.delacruz'],
  },
  {
    name: 'Warehouse Ops',
    members: ['jose.garcia', 'paolo.villanueva', 'carmen.flores'],
    admins: ['jose.garcia'],
    messages: [
      ['jose.garcia', 'Paolo, the Tacloban shipment arrives at 2 PM. Please check the count.', 240],
      ['paolo.villanueva', 'Copy. I will send the transmittal once received.', 235],
      ['paolo.villanueva', 'All 320 bags received, 2 damaged. Filing a CCAR.', 30],
    ],
    readBy: ['paolo.villanueva'],
  },
];
