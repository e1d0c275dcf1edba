// A case's conversation and files: the Threads and Artifacts tabs of the case page (which loads lazily), each
// loaded when it opens: the thread view does not carry the files tab's code (its dialogs and upload).
export const loadThreadsTab = () => import('./components/ThreadsTab.tsx');
export const loadArtifactsTab = () => import('./components/ArtifactsTab.tsx');
