/** The pages the build writes: the guests' (with the name view built in) and the host's (build/first-view.ts). */
export const PAGE_FILE = 'index.html';
/** Static hosts and the app server answer /anfitrion with it (the build's _redirects; sirv finds `.html` itself). */
export const HOST_PAGE_FILE = 'anfitrion.html';
