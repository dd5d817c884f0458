// One page, two apps: Todo and Tag without `static key`, or with it (`?keyed`).
if (new URLSearchParams(location.search).has('keyed')) void import('./keyed');
else void import('./unkeyed');
