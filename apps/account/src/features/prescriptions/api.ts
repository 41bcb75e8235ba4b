import { useMemo } from 'react';
import { prescriptionRoutes, type ApiClient, type PrescriptionInput } from '@eyewear/api-client';
import { useApiClient } from '@eyewear/event-bus';
import { formOf } from '../../app/form-data';

/** The saved prescriptions' changes, over the page's client (the list itself is a `useQuery`). */
function prescriptionsApi(client: ApiClient) {
  return {
    save: (body: PrescriptionInput) => client.call(prescriptionRoutes.create, { body }),
    update: (prescriptionId: number, body: PrescriptionInput) => client.call(prescriptionRoutes.update, { params: { prescriptionId }, body }),
    remove: (prescriptionId: number) => client.call(prescriptionRoutes.remove, { params: { prescriptionId } }),
    upload: (file: File) => client.call(prescriptionRoutes.upload, { body: formOf({ file }) }),
    cameraPd: (file: File) => client.call(prescriptionRoutes.cameraPd, { body: formOf({ file }) }),
  };
}

export function usePrescriptionsApi() {
  const client = useApiClient();
  return useMemo(() => prescriptionsApi(client), [client]);
}
