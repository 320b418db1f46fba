import { router } from '../../trpc';
import { changeInstanceStatus } from './change-instance-status';
import { deleteInstance } from './delete-instance';
import { deployInstance } from './deploy-instance';
import { getInstance } from './get-instance';
import { getInstanceHealth } from './get-instance-health';
import { getInstancesUptime } from './get-instances-uptime';
import { listInstances } from './list-instances';
import { removeCustomDomain } from './remove-custom-domain';
import { setCustomDomain } from './set-custom-domain';
import { verifyCustomDomain } from './verify-custom-domain';

/** Procedures of the instances area. */
export const instancesRouter = router({
  list: listInstances,
  uptime: getInstancesUptime,
  get: getInstance,
  health: getInstanceHealth,
  deploy: deployInstance,
  delete: deleteInstance,
  changeStatus: changeInstanceStatus,
  setCustomDomain,
  removeCustomDomain,
  verifyCustomDomain,
});
