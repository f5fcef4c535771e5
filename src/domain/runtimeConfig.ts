// The runtime config the server serves at /runtime-config.json (src/app/runtimeConfig.ts reads
// and checks it): it picks the backend adapter and carries the Firebase config.

export interface FirebaseWebConfig {
  apiKey: string;
  authDomain: string;
  projectId: string;
  storageBucket: string;
  messagingSenderId: string;
  appId: string;
  measurementId?: string;
  databaseURL?: string;
  functionsRegion?: string;
  /** emulator addresses for development, passed to the browser unchanged */
  emulators?: Record<string, unknown>;
}

export interface RuntimeConfig {
  backend: string;
  firebase?: FirebaseWebConfig;
  /** the site's public address, no trailing slash; null when not configured */
  publicUrl: string | null;
  /** how often to look for a new build; the app default applies when absent */
  buildCheckIntervalMs?: number;
}
