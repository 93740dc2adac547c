import { createContext, useContext } from 'react';

/** One file on its way to the server. */
export interface RunningUpload {
  datasetId: string;
  name: string;
  sent: number;
  total: number;
  cancel: () => void;
}

export interface Uploads {
  running: RunningUpload[];
  /** Creates the dataset (named `name`) and sends the file; resolves with the dataset id, or null if it failed. */
  start: (file: File, name: string) => Promise<string | null>;
}

export const UploadsContext = createContext<Uploads | null>(null);

export function useUploads(): Uploads {
  const uploads = useContext(UploadsContext);
  if (!uploads) throw new Error('useUploads is used outside the datasets area');
  return uploads;
}
