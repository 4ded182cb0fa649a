/** Sending a CSV file as a download named for what it holds and the Manila day it was made. */
import type { FastifyReply } from 'fastify';
import { manilaToday } from '@ichat/shared';
import { attachmentDisposition } from '../storage/send-file.js';
import { CSV_CONTENT_TYPE } from './spreadsheet-csv.js';

export const sendCsv = (reply: FastifyReply, name: string, csv: string): FastifyReply =>
  reply
    .type(CSV_CONTENT_TYPE)
    .header('content-disposition', attachmentDisposition(`${name}-${manilaToday()}.csv`))
    .header('cache-control', 'no-store')
    .send(csv);
