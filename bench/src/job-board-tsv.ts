/**
 * Writes the bench's seeded job board (the jobs phase's jobs) as tab-separated lines for a search
 * engine to index apart from the product: id, posted_at (seconds), title, skills and company,
 * description and requirements. Usage: node bench/src/job-board-tsv.ts <jobs> <file>.
 */
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { JOB_BOARD_SEED, jobPostings } from './job-generator.ts';

const count = Number(process.argv[2]);
const file = process.argv[3];
if (!Number.isSafeInteger(count) || count <= 0 || !file)
  throw new Error('usage: job-board-tsv.ts <jobs> <file>');
const out = createWriteStream(file);
const clean = (text: string) => text.replace(/[\t\n\r]/g, ' ');
const employers = Array.from({ length: 50 }, () => randomUUID());
for (const { jobId, postedAt, request } of jobPostings(
  { seed: JOB_BOARD_SEED, employerIds: employers, now: new Date() },
  count,
)) {
  const skills = request.skills.map((skill) => skill.name).join(' ');
  const line = [
    jobId,
    Math.floor(postedAt.getTime() / 1000),
    clean(request.title),
    clean(`${skills} ${request.company.name}`),
    clean(`${request.description} ${request.requirements.join(' ')}`),
  ].join('\t');
  if (!out.write(`${line}\n`)) await once(out, 'drain');
}
out.end();
await once(out, 'finish');
