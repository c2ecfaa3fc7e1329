// A customer company's field limits live in the module the console shares (contract/limits.ts).
export { CUSTOMER_COMPANY_LIMITS } from '../../contract/limits.ts';
