/**
 * A script that starts one child through scripts/lib/child.ts and waits: with
 * `own`, it has an orderly shutdown of its own, as npm start does.
 */
import { startChild } from '../../scripts/lib/child.ts';

const child = startChild('sleep', ['120'], { name: 'sleep' });
if (process.argv.includes('own')) {
  process.on('SIGINT', () => {
    console.log('own shutdown');
    void child.stop().then(() => process.exit(0));
  });
}
console.log(`child ${child.process.pid ?? ''}`);
setInterval(() => undefined, 1000);
