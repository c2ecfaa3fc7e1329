// `npm run console:size`: the gzipped JavaScript each console route loads, against its budget
// (CI runs it after `npm run build`).
import { measureRoutes } from './route-weights.ts';

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
let isOver = false;
for (const route of measureRoutes()) {
  const isRouteOver = route.gzipBytes > route.budgetBytes;
  isOver ||= isRouteOver;
  console.log(
    `${route.name} (${route.path}): ${kb(route.gzipBytes)} gzipped in ${route.files.length} files, budget ${kb(route.budgetBytes)}${isRouteOver ? ': OVER' : ''}`,
  );
}
if (isOver) {
  console.error('the console is over its budget');
  process.exit(1);
}
