import { router } from '../../trpc';
import { changeInstanceStatus } from './change-instance-status';
import { removeCustomDomain, setCustomDomain, verifyCustomDomain } from './custom-domain';
import { deleteInstance } from './delete-instance';
import { deployInstance } from './deploy-instance';
import { getInstance } from './get-instance';
import { getInstanceHealth } from './instance-health';
import { getInstancesUptime } from './instances-uptime';
import { listInstances } from './list-instances';

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
