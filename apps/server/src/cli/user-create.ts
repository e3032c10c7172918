import { Role } from '@sente/contract';
import { type CliContext, CliUsageError, parseOptions, requireServices } from './cli-options.ts';

export async function runUserCreate(args: string[], context: CliContext | null): Promise<string> {
  const services = requireServices(context);
  const values = parseOptions(args, {
    email: { type: 'string' },
    password: { type: 'string' },
    name: { type: 'string' },
    role: { type: 'string' },
    phone: { type: 'string' },
  });
  const role = Role.safeParse(values.role);
  if (!values.email || !values.password || !values.name || !role.success) {
    throw new CliUsageError('user:create needs --email, --password, --name and --role admin|borrower|lender');
  }
  const user = await services.users.createUser({
    email: values.email,
    password: values.password,
    name: values.name,
    role: role.data,
    phoneNumber: values.phone ?? null,
  });
  return `Created ${user.role} ${user.email} (id ${user.id}, username ${user.username})`;
}
