// The public face of the members module: other modules import only what is exported here.
// A network's members and their roles; a membership begins only through addMember/ensureMember.
export { NetworkMember } from './member.entity';
export { addMember, ensureMember } from './member-rows';
export type { NewMember } from './member-rows';
export { MembersModule } from './members.module';
export { membersSchema } from './members.schema';
